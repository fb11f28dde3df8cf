package io.replsim.scenario.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The node's Docker image, built locally by {@code docker/build-image.sh} (no registry is reachable): a no-op when
 * an image for the same JDK and jars exists.
 *
 * @param projectHome the replsim checkout (its {@code docker/} and {@code scenarios/target/lib})
 * @param javaHome    the JDK whose jlink makes the image's runtime
 */
public record NodeImage(Path projectHome, Path javaHome) {

    /** The checkout the launcher runs from, and the JDK this JVM runs on. */
    public static NodeImage ofThisInstallation() {
        String home = System.getProperty("replsim.home");
        if (home == null) {
            throw new IllegalStateException("replsim.home is not set: run replsim through its ./replsim launcher");
        }
        return new NodeImage(Path.of(home), Path.of(System.getProperty("java.home")));
    }

    /** Builds the image if needed and returns its tag. */
    public String ensureBuilt() throws ClusterStartException, InterruptedException {
        Path script = projectHome.resolve("docker/build-image.sh");
        Path jars = projectHome.resolve("scenarios/target/lib");
        if (!Files.isDirectory(jars)) {
            throw new ClusterStartException("no node jars at " + jars + ": build replsim first (./replsim build)");
        }
        try {
            Process build = new ProcessBuilder(List.of("bash", script.toString(), javaHome.toString(), jars.toString()))
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            String out = new String(build.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!build.waitFor(10, TimeUnit.MINUTES) || build.exitValue() != 0) {
                throw new ClusterStartException("building the node image failed (" + script + "): see the lines above");
            }
            List<String> lines = out.lines().toList();
            return lines.getLast();
        } catch (IOException e) {
            throw new ClusterStartException("cannot run " + script + ": " + e.getMessage());
        }
    }
}

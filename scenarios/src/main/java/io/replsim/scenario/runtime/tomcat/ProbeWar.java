package io.replsim.scenario.runtime.tomcat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where replsim-probe.war is: the {@code replsim.probe.war} property (the tests set it), the build's
 * {@code probe/target/replsim-probe.war} under {@code replsim.home} (the launcher sets it), or a {@code probe-*.war}
 * beside a jar of the classpath (scenarios/target/lib, where the build copies it).
 */
public final class ProbeWar {

    private ProbeWar() {
    }

    public static Path locate() {
        List<Path> candidates = new ArrayList<>();
        Optional.ofNullable(System.getProperty("replsim.probe.war")).map(Path::of).ifPresent(candidates::add);
        Optional.ofNullable(System.getProperty("replsim.home"))
                .map(home -> Path.of(home, "probe", "target", "replsim-probe.war")).ifPresent(candidates::add);
        for (String entry : System.getProperty("java.class.path", "").split(java.io.File.pathSeparator)) {
            Path parent = Path.of(entry).toAbsolutePath().getParent();
            if (entry.endsWith(".jar") && parent != null && Files.isDirectory(parent)) {
                try (Stream<Path> files = Files.list(parent)) {
                    files.filter(file -> file.getFileName().toString().matches("probe-.*\\.war")).findFirst()
                            .ifPresent(candidates::add);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return candidates.stream().filter(Files::isRegularFile).findFirst().orElseThrow(() -> new IllegalStateException(
                "replsim-probe.war was not found (looked at " + candidates + "); build it with ./replsim build,"
                        + " which leaves it in probe/target/replsim-probe.war"));
    }
}

package io.replsim.scenario.provenance;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Which replsim made a figure: the commit its jar was built from and whether the checkout had changes not committed
 * then ({@code dirty}; null when not known), with where that was read ({@code source}), or "unknown" and why.
 *
 * <p>The launcher bakes it into the jar when it builds ({@link BuildStamp}), rather than replsim reading
 * {@code .git} when it runs: a jar copied to another machine or directory still names the sources it was built
 * from, where a look at the checkout it runs beside would name another tree's commit, or none.
 */
public record ReplsimBuild(String commit, Boolean dirty, String source) {

    /** Where in the jar the launcher bakes it. */
    public static final String RESOURCE = "META-INF/replsim/build.properties";
    static final String UNKNOWN = "unknown";
    private static final long GIT_TIMEOUT_SECONDS = 10;

    /** What is said when the commit could not be found, and why. */
    public static ReplsimBuild unknown(String why) {
        return new ReplsimBuild(UNKNOWN, null, why);
    }

    /** What the jar replsim runs from was baked with; unknown when it was not built by the launcher. */
    public static ReplsimBuild ofThisJar() {
        return bakedIn(ReplsimBuild.class.getClassLoader());
    }

    /** What the jar {@code loader} reads was baked with. */
    static ReplsimBuild bakedIn(ClassLoader loader) {
        try (InputStream in = loader.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return unknown("not baked into this build: the ./replsim launcher bakes the commit into the jar it"
                        + " builds from a git checkout");
            }
            Properties baked = new Properties();
            baked.load(in);
            String dirty = baked.getProperty("dirty", "");
            return new ReplsimBuild(baked.getProperty("commit", UNKNOWN),
                    dirty.isEmpty() ? null : Boolean.valueOf(dirty), baked.getProperty("source", ""));
        } catch (IOException e) {
            return unknown("cannot read " + RESOURCE + " in the jar: " + e.getMessage());
        }
    }

    /**
     * The commit checked out in {@code tree} and whether the tree has changes not committed (tracked files changed
     * or files git does not ignore added), as {@code git} says; unknown when the tree is not a git checkout or git
     * cannot be run.
     */
    public static ReplsimBuild ofCheckout(Path tree) {
        try {
            Git head = git(tree, "rev-parse", "--verify", "HEAD");
            if (head.exit() != 0) {
                return unknown(tree + " is not a git checkout with a commit (git rev-parse: " + head.output().strip()
                        + ")");
            }
            Git status = git(tree, "status", "--porcelain");
            if (status.exit() != 0) {
                return unknown("git status failed in " + tree + ": " + status.output().strip());
            }
            return new ReplsimBuild(head.output().strip(), !status.output().isBlank(),
                    "git in " + tree.toAbsolutePath().normalize() + " when the jar was built");
        } catch (IOException e) {
            return unknown("git cannot be run (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return unknown("interrupted while asking git in " + tree);
        }
    }

    /** As baked into the jar. */
    Properties toProperties() {
        Properties properties = new Properties();
        properties.setProperty("commit", commit);
        properties.setProperty("dirty", dirty == null ? "" : dirty.toString());
        properties.setProperty("source", source);
        return properties;
    }

    /** {@code c1ad241 (dirty)}, {@code c1ad241}, or {@code unknown}. */
    public String describe() {
        if (commit.equals(UNKNOWN)) {
            return UNKNOWN;
        }
        String shortCommit = commit.length() > 7 ? commit.substring(0, 7) : commit;
        return shortCommit + (dirty == null ? " (dirty: unknown)" : dirty ? " (dirty)" : "");
    }

    private record Git(int exit, String output) {
    }

    /** Runs git bounded in time; its output goes to a file, so a long status cannot fill a pipe and stall it. */
    private static Git git(Path tree, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-C", tree.toString()));
        command.addAll(List.of(args));
        Path output = Files.createTempFile("replsim-git", ".out");
        try {
            Process git = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                    .start();
            if (!git.waitFor(GIT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                git.destroyForcibly().waitFor(GIT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                throw new IOException("git " + String.join(" ", args) + " took more than " + GIT_TIMEOUT_SECONDS
                        + " s");
            }
            return new Git(git.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(output);
        }
    }
}

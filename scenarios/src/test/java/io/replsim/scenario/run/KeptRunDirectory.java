package io.replsim.scenario.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * A test's run directories copied out of its temporary directory, which JUnit deletes when the test ends, to
 * {@code target/kept-runs/<name>-<millis>}: a cluster that did not form names its node's log in its message, and that
 * log (views, discovery, suspicions) is what says why; a test played again and passed had left nothing to read.
 */
final class KeptRunDirectory {
    private static final Path ROOT = Path.of("target", "kept-runs");

    private KeptRunDirectory() {
    }

    /** Copies {@code runs} whole and returns where it went. */
    static Path keep(Path runs, String name) throws IOException {
        Path kept = Files.createDirectories(ROOT.resolve(name + "-" + System.currentTimeMillis())).toAbsolutePath();
        if (!Files.isDirectory(runs)) {
            return kept;
        }
        // parents before children; a directory's copy is the directory alone
        try (Stream<Path> tree = Files.walk(runs)) {
            for (Path from : tree.toList()) {
                Files.copy(from, kept.resolve(runs.relativize(from).toString()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return kept;
    }
}

package io.replsim.scenario.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A directory and everything below it, removed deepest first: what a run left in its work directory. */
public final class DirectoryTree {

    private DirectoryTree() {
    }

    /** Removes {@code root} and everything below it; nothing when it does not exist. */
    public static void delete(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> tree = Files.walk(root)) {
            for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}

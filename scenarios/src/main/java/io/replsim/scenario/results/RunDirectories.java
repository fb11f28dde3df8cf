package io.replsim.scenario.results;

import io.replsim.scenario.report.UnreadableRunException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The run directories under a runs directory, each read once: those whose figures read, newest first, and those
 * that do not, with why. A directory's name starts with the time it was made ({@code yyyyMMdd-HHmmss}), so the
 * newest sorts last by name; a soak's or a stray directory is none of them and is passed over.
 */
public record RunDirectories(List<Recorded> recorded, List<Unreadable> unreadable) {

    public RunDirectories {
        recorded = List.copyOf(recorded);
        unreadable = List.copyOf(unreadable);
    }

    /** Reads every directory directly under {@code runs}; refuses a runs directory that is not there. */
    public static RunDirectories read(Path runs) throws IOException {
        if (!Files.isDirectory(runs)) {
            throw new IOException("no runs directory at " + runs.toAbsolutePath() + ": give the directory replsim"
                    + " run, capacity and compare write their run directories into (--runs, runs/ by default)");
        }
        List<Path> directories;
        try (Stream<Path> listed = Files.list(runs)) {
            directories = listed.filter(Files::isDirectory)
                    .sorted(Comparator.comparing((Path dir) -> dir.getFileName().toString()).reversed()).toList();
        }
        List<Recorded> recorded = new ArrayList<>();
        List<Unreadable> unreadable = new ArrayList<>();
        for (Path directory : directories) {
            Optional<RunKind> kind = RunKind.of(directory);
            if (kind.isEmpty()) {
                continue;
            }
            try {
                recorded.add(Recorded.read(directory, kind.get()));
            } catch (UnreadableRunException e) {
                unreadable.add(new Unreadable(directory, kind.get(), e.getMessage()));
            }
        }
        return new RunDirectories(recorded, unreadable);
    }
}

package io.replsim.scenario.results;

import io.replsim.scenario.capacity.RecordedSearch;
import io.replsim.scenario.compare.RecordedComparison;
import io.replsim.scenario.report.RecordedRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** What made a run directory, as a catalogue entry's {@code # run:} line asks for one of them. */
public enum RunKind {
    RUN("./replsim run", "a run"),
    CAPACITY("./replsim capacity", "a capacity search"),
    COMPARISON("./replsim compare", "a comparison");

    private final String command;
    private final String described;

    RunKind(String command, String described) {
        this.command = command;
        this.described = described;
    }

    /** The kind a command line makes, from its first words. */
    public static RunKind ofCommand(String command) {
        for (RunKind kind : values()) {
            if (command.startsWith(kind.command + " ")) {
                return kind;
            }
        }
        throw new IllegalArgumentException("not a run, capacity or compare command: " + command);
    }

    /**
     * The kind of directory {@code directory} is, from the files only that kind writes (a search's capacity.csv, a
     * comparison's compare.json; a run's summary.json); empty for any other directory (a soak's, a stray one).
     */
    public static Optional<RunKind> of(Path directory) {
        if (RecordedComparison.isOne(directory)) {
            return Optional.of(COMPARISON);
        }
        if (RecordedSearch.isOne(directory)) {
            return Optional.of(CAPACITY);
        }
        if (Files.isRegularFile(directory.resolve(RecordedRun.SUMMARY)) || Files.isRegularFile(
                directory.resolve("scenario.yaml"))) {
            return Optional.of(RUN);
        }
        return Optional.empty();
    }

    public String described() {
        return described;
    }
}

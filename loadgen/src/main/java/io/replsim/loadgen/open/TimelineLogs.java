package io.replsim.loadgen.open;

import io.replsim.loadgen.record.LatencyRecording;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Every answered arrival of an open-model run, warm-up included, in two recordings that write the interval logs
 * when asked for: the whole run as a timeline, where the run's figures count only the measured window.
 */
record TimelineLogs(LatencyRecording corrected, LatencyRecording uncorrected) implements AutoCloseable {

    static TimelineLogs start(Optional<OpenIntervalLogs> files, long startEpochMs) {
        LatencyRecording corrected = open(files.map(OpenIntervalLogs::corrected), startEpochMs);
        try {
            return new TimelineLogs(corrected, open(files.map(OpenIntervalLogs::uncorrected), startEpochMs));
        } catch (RuntimeException e) {
            corrected.close();
            throw e;
        }
    }

    private static LatencyRecording open(Optional<Path> file, long startEpochMs) {
        try {
            return LatencyRecording.start(file, startEpochMs);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the interval log " + file.orElseThrow(), e);
        }
    }

    List<LatencyRecording> both() {
        return List.of(corrected, uncorrected);
    }

    void finish(long endMs) {
        corrected.finish(endMs);
        uncorrected.finish(endMs);
    }

    @Override
    public void close() {
        corrected.close();
        uncorrected.close();
    }
}

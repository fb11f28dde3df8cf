package io.replsim.loadgen.record;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An HdrHistogram interval log of response times in microseconds: a header with the start time and legend, then
 * one line per interval, readable by {@code HistogramLogReader} and the usual HdrHistogram plotting tools.
 */
final class IntervalLog implements AutoCloseable {

    /** The log's max column in milliseconds, since values are recorded in microseconds. */
    private static final double MICROS_PER_MILLI = 1000.0;

    private final PrintStream out;
    private final HistogramLogWriter writer;
    private final long baseMs;

    private IntervalLog(PrintStream out, long startEpochMs) {
        this.out = out;
        this.writer = new HistogramLogWriter(out);
        this.baseMs = startEpochMs;
        writer.outputLogFormatVersion();
        writer.outputComment("replsim loadgen response times, values in microseconds");
        writer.outputStartTime(startEpochMs);
        writer.setBaseTime(startEpochMs);
        writer.outputBaseTime(startEpochMs);
        writer.outputLegend();
        out.flush();
    }

    static IntervalLog create(Path file, long startEpochMs) throws IOException {
        OutputStream stream = Files.newOutputStream(file);
        return new IntervalLog(new PrintStream(stream, false, StandardCharsets.UTF_8), startEpochMs);
    }

    /** Writes {@code interval}, which covers {@code [startMs, endMs)}, and flushes so the log can be followed live. */
    void write(Histogram interval, long startMs, long endMs) {
        writer.outputIntervalHistogram((startMs - baseMs) / 1000.0, (endMs - baseMs) / 1000.0, interval,
                MICROS_PER_MILLI);
        out.flush();
    }

    /** Whether every write so far reached the file. */
    boolean healthy() {
        return !out.checkError();
    }

    @Override
    public void close() {
        writer.close();
    }
}

package io.replsim.scenario.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.replsim.scenario.fault.FaultEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * {@code runs/<time>-<scenario>/}: the scenario as run, the HdrHistogram interval log, the fault events and every
 * node's log and last stats; the report writes its own files beside them (summary.json, heap.json, report.html).
 */
public final class RunDirectory {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final ObjectMapper JSON_LINE = new ObjectMapper();

    private final Path root;

    private RunDirectory(Path root) {
        this.root = root;
    }

    /** Makes a new directory under {@code runsRoot}; a second run in the same second gets a suffix. */
    public static RunDirectory create(Path runsRoot, String scenario, LocalDateTime now) throws IOException {
        String base = STAMP.format(now) + "-" + scenario;
        Path dir = runsRoot.resolve(base);
        for (int i = 2; Files.exists(dir); i++) {
            dir = runsRoot.resolve(base + "-" + i);
        }
        Files.createDirectories(dir.resolve("nodes"));
        return new RunDirectory(dir);
    }

    public Path root() {
        return root;
    }

    public Path nodes() {
        return root.resolve("nodes");
    }

    public Path latencyLog() {
        return root.resolve("latency.hlog");
    }

    /** An open-model run's response times from the send, beside {@link #latencyLog()}'s from the intended start. */
    public Path uncorrectedLatencyLog() {
        return root.resolve("latency-uncorrected.hlog");
    }

    /** Copies the scenario file into the run directory as {@code scenario.yaml}, and returns the copy. */
    public Path copySpec(Path specFile) throws IOException {
        return Files.copy(specFile, root.resolve("scenario.yaml"));
    }

    public void appendEvent(FaultEvent event) {
        try {
            Files.writeString(root.resolve("events.jsonl"), JSON_LINE.writeValueAsString(event) + "\n",
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + root.resolve("events.jsonl"), e);
        }
    }

    public void writeNodeStats(String node, String json) throws IOException {
        Files.writeString(nodes().resolve(node + "-stats.json"), json);
    }

    /** A capacity search's summary.json; a run's is the report's to write. */
    public void writeSummary(Object summary) throws IOException {
        JSON.writeValue(root.resolve("summary.json").toFile(), summary);
    }
}

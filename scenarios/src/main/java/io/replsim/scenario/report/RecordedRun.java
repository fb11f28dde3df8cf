package io.replsim.scenario.report;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.fault.FaultEvent;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A drill's run directory as {@code replsim run} left it, read back so its console summary and report.html can be
 * drawn again without running anything: summary.json (every figure), timeline.json and latency.hlog (the page's
 * per-second series), events.jsonl (the faults as they happened; none when no fault happened) and heap.json (the
 * heap lines; none when the nodes were not read).
 */
public record RecordedRun(Path directory, RunSummary summary, LoadTimeline timeline, List<LatencyInterval> intervals,
                          List<FaultEvent> events, List<HeapTrend> heap) {
    public static final String SUMMARY = "summary.json";
    public static final String PAGE = "report.html";
    static final String LATENCY_LOG = "latency.hlog";
    static final String EVENTS = "events.jsonl";
    static final String HEAP = "heap.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    public RecordedRun {
        intervals = List.copyOf(intervals);
        events = List.copyOf(events);
        heap = List.copyOf(heap);
    }

    /** A run's summary.json alone: its figures and provenance; says what is missing or unreadable, where. */
    public static RunSummary summary(Path directory) throws UnreadableRunException {
        return readJson(directory.resolve(SUMMARY), new TypeReference<>() {},
                "the run's figures: the run ended before its report wrote them (it broke or was stopped), so there"
                        + " is nothing to re-render; run the scenario again");
    }

    /** Reads a drill's directory; says what is missing or unreadable, where, and what to do. */
    public static RecordedRun read(Path directory) throws UnreadableRunException {
        if (!Files.isDirectory(directory)) {
            throw new UnreadableRunException(directory + " is not a directory: give a run's directory, such as"
                    + " runs/<time>-<scenario>, which replsim run made");
        }
        RunSummary summary = summary(directory);
        LoadTimeline timeline = readJson(directory.resolve(LoadTimeline.FILE), new TypeReference<>() {},
                "report.html's per-second series, which runs write since replsim report exists; the console summary"
                        + " of an older run is its summary.json, and a new run of its scenario.yaml has both");
        Path log = directory.resolve(LATENCY_LOG);
        List<LatencyInterval> intervals;
        try {
            requireFile(log, "the driver's per-second response times, which every run writes; run the scenario"
                    + " again");
            intervals = LatencyInterval.read(log);
        } catch (IOException | RuntimeException e) {
            throw new UnreadableRunException(log + " cannot be read as an HdrHistogram interval log (" + e.getMessage()
                    + "); run the scenario again");
        }
        if (intervals.isEmpty() && summary.requests().total() > 0) {
            throw new UnreadableRunException(log + " cannot be read as an HdrHistogram interval log: it holds no"
                    + " interval, and the run counted " + summary.requests().total() + " requests; run the scenario"
                    + " again");
        }
        Path heap = directory.resolve(HEAP);
        return new RecordedRun(directory, summary, timeline, intervals, events(directory.resolve(EVENTS)),
                Files.exists(heap) ? readJson(heap, new TypeReference<>() {}, "") : List.of());
    }

    /** The console summary as the run printed it (its full-GC and foreign cluster's lines are not recorded). */
    public void printSummary(PrintStream out) {
        new ConsoleReport(out).print(summary);
        HeapLines.print(heap, out);
    }

    /** Draws report.html again, over the one the run wrote. */
    public Path writePage() throws IOException {
        Path page = directory.resolve(PAGE);
        TimelineReport.write(page, timeline.page(summary, intervals, events));
        return page;
    }

    private static List<FaultEvent> events(Path file) throws UnreadableRunException {
        List<FaultEvent> events = new ArrayList<>();
        if (!Files.exists(file)) {
            return events;
        }
        try {
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).isBlank()) {
                    continue;
                }
                try {
                    events.add(JSON.readValue(lines.get(i), FaultEvent.class));
                } catch (JacksonException e) {
                    throw new UnreadableRunException(file + " line " + (i + 1) + " is not a fault event ("
                            + e.getOriginalMessage() + "); each line is one event as the run wrote it");
                }
            }
        } catch (IOException e) {
            throw new UnreadableRunException("cannot read " + file + ": " + e.getMessage());
        }
        return events;
    }

    private static <T> T readJson(Path file, TypeReference<T> type, String holds) throws UnreadableRunException {
        try {
            requireFile(file, holds);
            return JSON.readValue(file.toFile(), type);
        } catch (JacksonException e) {
            throw new UnreadableRunException(file + " cannot be read as the run wrote it: " + e.getOriginalMessage()
                    + where(e) + "; was it edited, or written by another version of replsim?"
                    + " a new run of its scenario.yaml writes it whole");
        } catch (IOException e) {
            throw new UnreadableRunException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** The field a value was refused at, or the line and column where the JSON broke. */
    private static String where(JacksonException e) {
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            return " (at " + mapping.getPathReference() + ")";
        }
        return e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column "
                + e.getLocation().getColumnNr() + ")";
    }

    private static void requireFile(Path file, String holds) throws UnreadableRunException {
        if (!Files.isRegularFile(file)) {
            throw new UnreadableRunException(file.getParent() + " holds no " + file.getFileName() + ", " + holds);
        }
    }
}

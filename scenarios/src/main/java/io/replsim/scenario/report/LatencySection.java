package io.replsim.scenario.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The response-time figures of a {@link RunSummary.Latency}, declared once in their order: summary.json's keys and
 * the console's latency figures are written from {@code figures} alone, so a new figure is one declaration more
 * (and the record's component of that name, which reads summary.json back, and its reading of the histogram).
 */
public record LatencySection(List<LatencyFigure> figures) {

    /** The kinds of console line that print response times (which of them says a figure: its Printed rule). */
    enum Line {
        /** The {@code latency} lines: the whole load's, the open model's corrected and uncorrected. */
        LATENCY,
        /** The steady window's line and a request type's line. */
        SHORT
    }

    public LatencySection {
        figures = List.copyOf(figures);
    }

    /** summary.json's object: each figure by its key, in the declared order. */
    Map<String, Double> byKey(RunSummary.Latency latency) {
        Map<String, Double> written = new LinkedHashMap<>();
        for (LatencyFigure figure : figures) {
            written.put(figure.key(), figure.valueOf(latency));
        }
        return written;
    }

    /** The console's figures on a line of that kind, e.g. {@code p50 3.5 ms   p90 27.0 ms   p99 95.4 ms}. */
    String console(RunSummary.Latency latency, Line line) {
        return figures.stream().filter(figure -> figure.printedOn(line)).map(figure -> figure.console(latency))
                .collect(Collectors.joining("   "));
    }

}

package io.replsim.scenario.report;

import static io.replsim.scenario.report.DeclaredCounts.line;
import static io.replsim.scenario.report.DeclaredCounts.print;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The response-time figures are declared once ({@link RunSummary.Latency#FIGURES}): summary.json holds each under
 * its key in the declared order and reads it back, the console's latency lines print every printed figure in that
 * order and its short lines (a request type's) all but the max, and the mean only summary.json. Each figure has a
 * value of its own, so one left out, moved or read from another's component shows.
 */
class LatencyFiguresTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final RunSummary.Latency LATENCY = new RunSummary.Latency(1.5, 2.5, 35.0, 1_500.0, 7.25);
    private static final RunSummary.Latency SENT = new RunSummary.Latency(1.25, 2.25, 30.0, 900.0, 6.0);

    @TempDir
    Path root;

    @Test
    void eachDeclaredFigureIsTheRecordsComponentOfItsKeyInItsPlace() {
        assertThat(keys()).isEqualTo(Arrays.stream(RunSummary.Latency.class.getRecordComponents())
                .map(RecordComponent::getName).toList());
        assertThat(RunSummary.Latency.FIGURES.figures().stream().map(LatencyFigure::label).toList())
                .doesNotHaveDuplicates();
    }

    @Test
    void summaryJsonHoldsEachDeclaredFigureUnderItsKeyInOrderAndReadsItBack() throws IOException {
        String text = JSON.writeValueAsString(LATENCY);
        JsonNode written = JSON.readTree(text);

        assertThat(DeclaredCounts.keysOf(written)).isEqualTo(List.of("p50", "p90", "p99", "max", "mean"));
        assertThat(List.of(written.get("p50").asDouble(), written.get("p90").asDouble(), written.get("p99").asDouble(),
                written.get("max").asDouble(), written.get("mean").asDouble()))
                .containsExactly(1.5, 2.5, 35.0, 1_500.0, 7.25);
        assertThat(JSON.readValue(text, RunSummary.Latency.class)).isEqualTo(LATENCY);
    }

    @Test
    void theLatencyLineSaysEachPrintedFigureInOrderAndTheSuccessfulAnswersP90() throws IOException {
        RunSummary drill = RunReport.write(GoldenRuns.drill(root), null, InvalidRuns.REFUSED,
                GoldenRuns.provenance(GoldenRuns.DRILL));

        String latency = line(print(withLatency(drill, LATENCY, SENT)), "latency   ");

        assertThat(latency).isEqualTo("latency   p50 1.5 ms   p90 2.5 ms   p99 35.0 ms   max 1.50 s"
                + "   (successful answers p90 2.3 ms)");
    }

    @Test
    void aRequestTypesLineSaysEachFigureButTheMax() throws IOException {
        RunSummary drill = RunReport.write(GoldenRuns.drill(root), null, InvalidRuns.REFUSED,
                GoldenRuns.provenance(GoldenRuns.DRILL));
        RunSummary.RequestTypeRow row = drill.requestTypes().getFirst();
        RunSummary.RequestTypeRow timed = new RunSummary.RequestTypeRow(row.request(), row.weight(), row.requests(),
                row.errors(), row.responses(), LATENCY);

        String request = line(print(DeclaredCounts.with(drill, drill.requests(), drill.sessions(), drill.responses(),
                List.of(timed))), "request   ");

        assertThat(request).contains(" errors   p50 1.5 ms   p90 2.5 ms   p99 35.0 ms   (").doesNotContain("max")
                .doesNotContain("7.3");
    }

    @Test
    void theOpenModelsTwoLatencyLinesSayEachPrintedFigureInOrder() throws IOException {
        RunSummary open = RunReport.write(GoldenRuns.open(root), null, InvalidRuns.REFUSED,
                GoldenRuns.provenance(GoldenRuns.OPEN));
        RunSummary.OpenFigures figures = open.open();
        RunSummary timed = withOpen(open, new RunSummary.OpenFigures(figures.arrivals(), figures.intendedPerSec(),
                figures.throughputPerSec(), figures.sessions(), LATENCY, SENT));

        String printed = print(timed);

        assertThat(line(printed, "latency   ")).startsWith("latency   p50 1.5 ms   p90 2.5 ms   p99 35.0 ms   max 1.50 s"
                + "   from each request's intended start (");
        assertThat(line(printed, "          p50")).isEqualTo("          p50 1.3 ms   p90 2.3 ms   p99 30.0 ms"
                + "   max 900.0 ms   uncorrected, from the send (hides the driver's queue)");
    }

    private static List<String> keys() {
        return RunSummary.Latency.FIGURES.figures().stream().map(LatencyFigure::key).toList();
    }

    /** {@code s} with these whole-load latencies: of every answer and of the successful ones. */
    private static RunSummary withLatency(RunSummary s, RunSummary.Latency latency, RunSummary.Latency served) {
        return new RunSummary(s.scenario(), s.runDirectory(), s.startedAt(), s.wallMs(), s.verdict(), s.cluster(),
                s.load(), s.requests(), s.throughputPerSec(), latency, s.sessions(), s.responses(), s.faults(),
                s.nodes(), s.checks(), s.validity(), s.requestTypes(), s.open(), s.connections(), served, s.users(),
                s.anomalies(), s.provenance(), s.external());
    }

    private static RunSummary withOpen(RunSummary s, RunSummary.OpenFigures open) {
        return new RunSummary(s.scenario(), s.runDirectory(), s.startedAt(), s.wallMs(), s.verdict(), s.cluster(),
                s.load(), s.requests(), s.throughputPerSec(), s.latencyMs(), s.sessions(), s.responses(), s.faults(),
                s.nodes(), s.checks(), s.validity(), s.requestTypes(), open, s.connections(), s.servedLatencyMs(),
                s.users(), s.anomalies(), s.provenance(), s.external());
    }
}

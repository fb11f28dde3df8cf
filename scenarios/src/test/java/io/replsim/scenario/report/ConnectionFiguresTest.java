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
 * The driver's connections are declared once ({@link RunSummary.Connections#FIGURES}): summary.json holds each figure
 * under its key in the declared order and reads it back, and the console's conns line says them in that order. The
 * two counts differ, so one read from the other's component shows.
 */
class ConnectionFiguresTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final RunSummary.Connections CONNECTIONS = new RunSummary.Connections("per-user", 12_345, 67);

    @TempDir
    Path root;

    @Test
    void eachDeclaredFigureIsTheRecordsComponentOfItsKeyInItsPlace() {
        assertThat(RunSummary.Connections.FIGURES.figures().stream().map(WordedFigure::key).toList())
                .isEqualTo(Arrays.stream(RunSummary.Connections.class.getRecordComponents())
                        .map(RecordComponent::getName).toList());
    }

    @Test
    void summaryJsonHoldsEachFigureUnderItsKeyInOrderAndReadsItBack() throws IOException {
        String text = JSON.writeValueAsString(CONNECTIONS);
        JsonNode written = JSON.readTree(text);

        assertThat(DeclaredCounts.keysOf(written)).containsExactly("mode", "opened", "peakOpen");
        assertThat(written.get("mode").asText()).isEqualTo("per-user");
        assertThat(written.get("opened").asLong()).isEqualTo(12_345);
        assertThat(written.get("peakOpen").asInt()).isEqualTo(67);
        assertThat(JSON.readValue(text, RunSummary.Connections.class)).isEqualTo(CONNECTIONS);
    }

    @Test
    void theConsoleSaysTheConnectionsInOneSentence() throws IOException {
        String printed = print(withConnections(drill(), CONNECTIONS));

        assertThat(line(printed, "conns     "))
                .isEqualTo("conns     per-user: 12,345 TCP connections opened, at most 67 open at once");
    }

    @Test
    void aSummaryWithoutConnectionsHasNoConnectionsLine() throws IOException {
        assertThat(print(withConnections(drill(), null))).doesNotContain("conns");
    }

    private RunSummary drill() throws IOException {
        return RunReport.write(GoldenRuns.drill(root), null, InvalidRuns.REFUSED,
                GoldenRuns.provenance(GoldenRuns.DRILL));
    }

    private static RunSummary withConnections(RunSummary s, RunSummary.Connections connections) {
        return new RunSummary(s.scenario(), s.runDirectory(), s.startedAt(), s.wallMs(), s.verdict(), s.cluster(),
                s.load(), s.requests(), s.throughputPerSec(), s.latencyMs(), s.sessions(), s.responses(), s.faults(),
                s.nodes(), s.checks(), s.validity(), s.requestTypes(), s.open(), connections, s.servedLatencyMs(),
                s.users(), s.anomalies(), s.provenance(), s.external());
    }
}

package io.replsim.scenario.report;

import io.replsim.scenario.fault.FaultEvidence;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.check.Verdict;
import io.replsim.scenario.fault.FaultEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** report.html's fault, answer and event tables, from a made-up pause at 10 s healed at 15 s. */
class FaultTablesTest {
    private static final FaultEvidence READ_BACK = FaultEvidence.confirmed("read back in the test");
    private static final long START = 1_700_000_000_000L;

    static FaultReport pause() {
        return new FaultReport("pause", "node2", List.of("node2"), "primary-of-most", "", 10_000,
                START + 10_000, 15_000L, 3_000L, 19_000L, List.of(), 10, 10, 0, 4_000L, 3_500L, 4_000L, null, READ_BACK)
                .withAttribution(new FaultAttribution(10_000, 24_000, 0L, 2L, List.of(), List.of(3, 4), 5L, null,
                        null, List.of(new AttributedAnswer(3, "node1", "s3", Verdict.STALE, 16_250, 17L,
                                new AttributedAnswer.Prior("node1", 18, 15_750), 1)), 4))
                .withExpectations(List.of(new CheckOutcome("fault 1 (pause node2): sessions stale in its window",
                        "≤ 0", "2", false)));
    }

    @Test
    void eachFaultsFiguresItsExpectationsTheAnswersPutDownToItAndTheEvents() {
        List<FaultEvent> events = List.of(
                new FaultEvent(FaultEvent.Phase.START, "pause", "node2", List.of("node2"), "primary-of-most", "",
                        10_000, START + 10_000, READ_BACK),
                new FaultEvent(FaultEvent.Phase.HEAL, "pause", "node2", List.of("node2"), "primary-of-most",
                        "at the end of its for", 15_000, START + 15_000, READ_BACK));

        String html = FaultTables.faults(List.of(pause()), true) + FaultTables.answers(List.of(pause()))
                + EventTable.html(events);

        assertThat(html).contains("<td>10.0 s</td><td>pause node2 (primary-of-most)</td><td>3000 ms</td>")
                .contains("<td>0 / 2</td><td>5</td>")
                .contains("<span class=\"FAIL\">FAIL</span> fault 1 (pause node2): sessions stale in its window");
        assertThat(html).contains("<td>15.0 s</td><td>healed</td><td>pause</td>");
        // who served the stale answer, and the answer it was held to
        assertThat(html).contains("<tr><td>pause node2 at 10.0 s</td><td>3</td><td>STALE</td><td>node1</td>"
                        + "<td>16.3 s</td><td>17</td><td>18</td><td>node1</td><td>15.8 s</td><td>1</td><td>s3</td></tr>")
                .contains("and 4 more put down to this fault, left out");
    }

    @Test
    void noFaultsSaysSoAndListsNoAnswers() {
        assertThat(FaultTables.faults(List.of(), true)).isEqualTo("<h2>Faults</h2>\n<p>None.</p>\n");
        assertThat(FaultTables.answers(List.of())).isEmpty();
    }
}

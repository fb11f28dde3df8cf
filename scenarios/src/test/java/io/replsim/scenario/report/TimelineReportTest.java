package io.replsim.scenario.report;

import io.replsim.scenario.fault.FaultEvidence;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.check.Verdict;
import io.replsim.loadgen.record.Second;
import io.replsim.scenario.fault.FaultEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html from a made-up 30-second run with a pause at 10 s healed at 15 s. */
class TimelineReportTest {
    private static final FaultEvidence READ_BACK = FaultEvidence.confirmed("read back in the test");

    private static final long START = 1_700_000_000_000L;

    private static TimelineReport.Records records() {
        List<Second> seconds = new ArrayList<>();
        List<LatencyInterval> intervals = new ArrayList<>();
        for (int s = 0; s < 30; s++) {
            seconds.add(new Second(START / 1000 + s, s >= 10 && s < 13 ? 5 : 100, s == 10 ? 7 : 0));
            Histogram histogram = new Histogram(3);
            histogram.recordValueWithCount(s >= 10 && s < 13 ? 2_000_000 : 20_000, 10);
            intervals.add(new LatencyInterval(START + s * 1000L, START + s * 1000L + 1000, histogram));
        }
        FaultReport pause = new FaultReport("pause", "node2", List.of("node2"), "primary-of-most", "", 10_000,
                START + 10_000, 15_000L, 3_000L, 19_000L, List.of(), 10, 10, 0, 4_000L, 3_500L, 4_000L, null, READ_BACK)
                .withAttribution(new FaultAttribution(10_000, 24_000, 0, 2, List.of(), List.of(3, 4), 5L, null,
                        List.of(new AttributedAnswer(3, "node1", "s3", Verdict.STALE, 16_250, 17L,
                                new AttributedAnswer.Prior("node1", 18, 15_750), 1)), 4))
                .withExpectations(List.of(new CheckOutcome("fault 1 (pause node2): sessions stale in its window",
                        "≤ 0", "2", false)));
        List<FaultEvent> events = List.of(
                new FaultEvent(FaultEvent.Phase.START, "pause", "node2", List.of("node2"), "primary-of-most", "",
                        10_000, START + 10_000, READ_BACK),
                new FaultEvent(FaultEvent.Phase.HEAL, "pause", "node2", List.of("node2"), "primary-of-most",
                        "at the end of its for", 15_000, START + 15_000, READ_BACK));
        return new TimelineReport.Records("drill-<pause>", "FAIL", START, 30_000, seconds, intervals, 800, List.of(pause),
                events, Optional.empty(), Optional.empty(), Optional.empty());
    }

    @Test
    void theReportIsWrittenWithBothChartsTheShadedFaultWindowItsFiguresAndTheEvents(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("report.html");
        TimelineReport.write(file, records());
        String html = Files.readString(file);

        assertThat(html).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
        assertThat(html).contains("drill-&lt;pause&gt;").doesNotContain("drill-<pause>");
        assertThat(html.split("<svg ", -1)).hasSize(3);
        // the window, 10-24 s of 30 s, shaded in both charts, with the fault named on it
        assertThat(html.split("<rect class=\"fault\"", -1)).hasSize(3);
        assertThat(html).contains("<title>pause node2 (primary-of-most)</title>");
        assertThat(html).contains("<td>10.0 s</td><td>pause node2 (primary-of-most)</td><td>3000 ms</td>")
                .contains("<td>0 / 2</td><td>5</td>")
                .contains("<span class=\"FAIL\">FAIL</span> fault 1 (pause node2): sessions stale in its window");
        assertThat(html).contains("<td>15.0 s</td><td>healed</td><td>pause</td>");
        // who served the stale answer, and the answer it was held to
        assertThat(html).contains("<tr><td>pause node2 at 10.0 s</td><td>3</td><td>STALE</td><td>node1</td>"
                        + "<td>16.3 s</td><td>17</td><td>18</td><td>node1</td><td>15.8 s</td><td>1</td><td>s3</td></tr>")
                .contains("and 4 more put down to this fault, left out");
        assertThat(html).as("one file, nothing loaded from elsewhere").doesNotContain("<script").doesNotContain(" src=")
                .doesNotContain("<link");
    }

    @Test
    void aRunWithoutFaultsSaysSoAndShadesNothing() {
        TimelineReport.Records plain = new TimelineReport.Records("plain", "PASS", START, 30_000,
                records().seconds(), records().intervals(), 800, List.of(), List.of(), Optional.empty(),
                Optional.empty(), Optional.empty());

        String html = TimelineReport.render(plain);

        assertThat(html).contains("<h2>Faults</h2>\n<p>None.</p>").doesNotContain("class=\"fault\"")
                .doesNotContain("Answers not OK");
    }
}

package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run with tabs (GoldenRuns.tabs: 2 tabs a user, a kill, a history whose read lacks an acknowledged append, and
 * timelines that would make one session STALE in the kill's window): the users' serial oracle judges none of its
 * sessions, so a fault's sessions attributable are not judged (not 0) on the console, in summary.json and on the
 * page, and the page shows what the history's checker judged, as the console's history line does.
 */
class TabsReportTest {

    @TempDir
    Path root;

    @Test
    void aFaultsSessionsAreNotJudgedWithTabsAndThePageShowsTheHistorysCounts() throws IOException {
        RunRecord run = GoldenRuns.tabs(root);

        RunSummary summary = RunReport.write(run, null, InvalidRuns.REFUSED, null);

        FaultAttribution attributed = summary.faults().getFirst().attributed();
        assertThat(attributed.sessionsJudged()).as("the kill's sessions judged").isFalse();
        assertThat(attributed.sessionsLost()).isNull();
        assertThat(attributed.sessionsStale()).isNull();
        assertThat(attributed.answers()).isEmpty();
        assertThat(Files.readString(run.directory().resolve("summary.json")))
                .contains("\"sessionsLost\" : null", "\"sessionsStale\" : null");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        new ConsoleReport(new PrintStream(printed, true, StandardCharsets.UTF_8)).print(summary);
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .containsPattern("sessions attributable to this fault \\([^)]*\\): not judged \\(the users' tabs"
                        + " overlap; the history judges them, history above\\); \\d+ gravitations")
                .doesNotContain(" STALE; ");
        String page = Files.readString(run.directory().resolve(RecordedRun.PAGE));
        assertThat(page).contains("<td>not judged (tabs: the history judges them)</td>");
        AnomalyCounts anomalies = summary.anomalies();
        assertThat(anomalies.illegal()).as("the history's anomalies").isPositive();
        assertThat(page.indexOf("<h2>History</h2>")).as("the history's counts on the first screen").isPositive()
                .isLessThan(page.indexOf("<h2>Charts</h2>"));
        assertThat(page).contains(String.format("<p>%,d requests, %,d answers judged", anomalies.requests(),
                anomalies.judged()));
        assertThat(page).contains("<tr><td>lost update</td><td class=\"" + (anomalies.lostUpdate() > 0 ? "FAIL"
                : "PASS") + "\">" + anomalies.lostUpdate() + "</td>");
        assertThat(page).contains("<tr><td>read-your-writes violated</td><td class=\""
                + (anomalies.readYourWritesViolated() > 0 ? "FAIL" : "PASS") + "\">"
                + anomalies.readYourWritesViolated() + "</td>");
    }

    /**
     * A tabs run whose summary.json was written before the rule (its fault's sessions 0 and 0): replsim report draws
     * them as not judged, from the run's own tabs.
     */
    @Test
    void aTabsRunsOlderSummaryIsDrawnAgainWithItsFaultsSessionsNotJudged() throws Exception {
        RunRecord run = GoldenRuns.tabs(root);
        RunReport.write(run, null, InvalidRuns.REFUSED, null);
        Path summaryJson = run.directory().resolve("summary.json");
        Files.writeString(summaryJson, Files.readString(summaryJson).replace("\"sessionsLost\" : null",
                "\"sessionsLost\" : 0").replace("\"sessionsStale\" : null", "\"sessionsStale\" : 0"));
        RecordedRun recorded = RecordedRun.read(run.directory());
        assertThat(recorded.summary().faults().getFirst().attributed().sessionsLost()).isZero();

        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        recorded.printSummary(new PrintStream(printed, true, StandardCharsets.UTF_8));
        String page = Files.readString(recorded.writePage());

        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("sessions attributable to this fault")
                .contains("): not judged (the users' tabs overlap").doesNotContain("0 LOST");
        assertThat(page).contains("<td>not judged (tabs: the history judges them)</td>")
                .doesNotContain("<td>0 / 0</td>");
    }

    @Test
    void aRunWithoutTabsStillCountsItsFaultsSessions() throws IOException {
        RunSummary summary = RunReport.write(GoldenRuns.infinispan(root), null, InvalidRuns.REFUSED, null);

        FaultAttribution attributed = summary.faults().getFirst().attributed();
        assertThat(attributed.sessionsJudged()).isTrue();
        assertThat(attributed.sessionsStale()).isEqualTo(1L);
        assertThat(summary.anomalies()).isNull();
        assertThat(Files.readString(Path.of(summary.runDirectory()).resolve(RecordedRun.PAGE)))
                .contains("<td>0 / 1</td>").doesNotContain("<h2>History</h2>");
    }
}

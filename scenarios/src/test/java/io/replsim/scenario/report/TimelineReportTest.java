package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.fault.FaultEvent;
import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.report.chart.HtmlText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html of the golden drill (3 nodes, 60 users for 45 s, node1 killed at 20 s): its first screen answers the
 * reader's first questions before any chart, the charts follow, and the page drawn again from the run directory is
 * the page the run wrote.
 */
class TimelineReportTest {

    @Test
    void theFirstScreenHasEveryCheckTheValidityTheScenarioAndTheSessionsThenTheCharts(@TempDir Path root)
            throws Exception {
        RunRecord run = GoldenRuns.drill(root);
        RunSummary summary = RunReport.write(run, null, InvalidRuns.REFUSED, GoldenRuns.provenance(GoldenRuns.DRILL));
        String html = Files.readString(run.directory().resolve("report.html"));

        assertThat(html).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
        assertThat(html).as("one file, nothing loaded from elsewhere").doesNotContain("<script")
                .doesNotContain(" src=").doesNotContain("<link");
        assertThat(summary.checks()).hasSize(5);
        for (CheckOutcome check : summary.checks()) {
            String verdict = check.passed() ? "PASS" : "FAIL";
            assertThat(html).contains("<tr><td class=\"" + verdict + "\">" + verdict + "</td><td>"
                    + HtmlText.escape(check.check()) + "</td><td>" + HtmlText.escape(check.limit()) + "</td><td>"
                    + HtmlText.escape(check.actual()) + "</td></tr>");
        }
        assertThat(html).contains("<h2>Validity: <span class=\"" + summary.validity().verdict() + "\">"
                + summary.validity().verdict() + "</span></h2>")
                .contains("<td>Little's law: X·(R+Z) gives the users driven</td><td>within 5% (or 2 ms a request)"
                        + "</td>");
        assertThat(html).contains("3 nodes (runtime process, jgroups engine), replication all / session / sync, 16"
                + " workers and 0.66 cores each (enforced), heap 256MB, payload 4KB. Load: 60 users, think time 0.5 s,"
                + " ramp-up 5 s, 45 s in all").contains("Faults: kill node1 (primary-of-most) at 20.0 s.");
        assertThat(html).contains("<h2>Sessions by verdict</h2>");
        assertThat(PageParts.inOrder(html, "<h2>Checks</h2>", "<h2>Validity", "<h2>Scenario</h2>", "<h2>Sessions by verdict",
                "</section>", "<svg class=\"chart throughput\"", "<svg class=\"chart latency\"",
                "<svg class=\"chart node-cpu\"", "<svg class=\"chart views\"", "<svg class=\"chart failover\"",
                "<h2>Nodes</h2>", "<h2>Faults</h2>", "<h2>Events</h2>", "<h2>Provenance</h2>")).isTrue();
        assertThat(html).as("the kill's window shaded in each chart over the load")
                .containsPattern("(?s)(<rect class=\"fault\".*){4}");
        assertThat(html).as("a print stylesheet").contains("@media print{").contains("@page{size:A4 landscape");
    }

    /**
     * The scenario paragraph names the runtime the nodes ran on, which the provenance records from the runtime that
     * played them, not the scenario's {@code cluster.runtime}: a test plays the golden drill's process scenario on
     * nodes in its own JVM.
     */
    @Test
    void theScenarioParagraphNamesTheRuntimeThatPlayedTheRunNotTheScenariosOwn(@TempDir Path root) throws Exception {
        RunRecord run = GoldenRuns.drill(root);
        Provenance process = GoldenRuns.provenance(GoldenRuns.DRILL);
        Provenance inJvm = new Provenance(process.replsim(), process.driverJdk(), "in-jvm", process.nodesJdk(),
                process.cores(), process.memoryBytes(), process.loadAverageBefore(), process.loadAverageAfter(),
                process.cpuProbeBefore(), process.cpuProbeAfter(), process.stealShare(), process.scenarios());

        RunReport.write(run, null, InvalidRuns.REFUSED, inJvm);

        assertThat(run.spec().cluster().runtime().label()).isEqualTo("process");
        assertThat(Files.readString(run.directory().resolve("report.html")))
                .contains("<p class=\"scenario\">3 nodes (runtime in-jvm, jgroups engine)");
        assertThat(RecordedRun.read(run.directory()).timeline().runtime()).isEqualTo("in-jvm");
    }

    @Test
    void thePageDrawnAgainFromTheRunDirectoryIsThePageTheRunWrote(@TempDir Path root) throws Exception {
        RunRecord run = GoldenRuns.drill(root);
        RunReport.write(run, null, InvalidRuns.REFUSED, GoldenRuns.provenance(GoldenRuns.DRILL));
        // as the run appends them while it plays
        ObjectMapper json = new ObjectMapper();
        for (FaultEvent event : run.events()) {
            Files.writeString(run.directory().resolve("events.jsonl"), json.writeValueAsString(event) + "\n",
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
        Path page = run.directory().resolve("report.html");
        String written = Files.readString(page);
        Files.delete(page);

        RecordedRun.read(run.directory()).writePage();

        assertThat(Files.readString(page)).isEqualTo(written);
        assertThat(written).contains("<title>node2 CPU, % of its budget</title>")
                .contains("<title>node3: view [node2|3] [node2, node3] from 20.9 s</title>");
    }

    @Test
    void aTimelineWrittenBeforeTheNodesSeriesWereRecordedStillDrawsThePageAndSaysWhatIsMissing(@TempDir Path root)
            throws Exception {
        RunRecord run = GoldenRuns.drill(root);
        RunSummary summary = RunReport.write(run, null, InvalidRuns.REFUSED, GoldenRuns.provenance(GoldenRuns.DRILL));
        LoadTimeline recorded = RecordedRun.read(run.directory()).timeline();
        LoadTimeline older = new LoadTimeline(recorded.loadStartEpochMs(), recorded.p90BoundMs(), recorded.seconds(),
                null, null, null, null);

        String html = TimelineReport.render(older.page(summary, List.of(), List.of()));

        assertThat(older.nodeCpu()).isEqualTo(Map.of());
        assertThat(html).contains("<svg class=\"chart throughput\"").contains("runtime not recorded")
                .contains("No node's CPU readings are in this run directory")
                .contains("No node's views are in this run directory")
                .contains("(no confirmed fault, or the run was written before replsim recorded failover times)");
    }
}

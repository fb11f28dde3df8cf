package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.replsim.scenario.report.ChartPoints;
import io.replsim.scenario.report.PageParts;
import io.replsim.scenario.report.UnreadableRunException;
import io.replsim.scenario.report.chart.ChartAxis;
import io.replsim.scenario.report.chart.Plot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * soak.html of a made-up soak of three drills ({@link MadeUpSoak}): the verdict and the distributions over all runs
 * first, each drill's figures per run and over all runs as charts, each run's sessions by verdict, the page drawn
 * again byte for byte.
 */
class SoakPageTest {

    @TempDir
    Path dir;

    @Test
    void theFirstScreenHasTheVerdictTheDistributionsAndTheSessionsOverAllRuns() throws Exception {
        Path page = RecordedSoak.read(MadeUpSoak.writtenTo(dir)).writePage();
        String html = Files.readString(page);

        assertThat(page).isEqualTo(dir.resolve("soak.html"));
        assertThat(html).startsWith("<!DOCTYPE html>").doesNotContain("<script").doesNotContain(" src=");
        assertThat(html).contains("<h1>soak made-up-soak <span class=\"FAIL\">FAIL</span></h1>")
                .contains("2 of 3 drills passed; faults without a new view: 0, with a user never served again: 1"
                        + " (3 users); 11 sessions lost and 1 stale over all drills.");
        assertThat(html).contains("<tr><td>time to the new view</td><td>3</td><td>0</td><td>100 ms</td>"
                + "<td>120 ms</td><td>120 ms</td><td>120 ms</td></tr>")
                .contains("<tr><td>failover (last affected user served again)</td><td>3</td><td>1</td><td>900 ms</td>"
                        + "<td>never</td><td>never</td><td>never</td></tr>");
        assertThat(html).as("runs 1 and 2 added up; run 3 had tabs").contains("<td>108</td><td>1</td><td>1</td>"
                + "<td>0</td><td>0</td><td>0</td><td>10</td></tr></table>\n<p>1 of 3 drills without sessions by"
                + " verdict");
        assertThat(PageParts.inOrder(html, "<p class=\"verdict\">", "<table class=\"distributions\">",
                "<h2>Sessions by verdict over all drills</h2>", "</section>", "<svg class=\"chart soak-runs\"",
                "<svg class=\"chart soak-distribution\"", "<h2>Runs</h2>")).isTrue();
    }

    @Test
    void eachRunHasItsSessionsByVerdictItsFiguresAndALinkToItsPage() throws Exception {
        String html = Files.readString(RecordedSoak.read(MadeUpSoak.writtenTo(dir)).writePage());
        List<String> rows = Pattern.compile("<tr class=\"run\">.*</tr>").matcher(html).results()
                .map(MatchResult::group).toList();

        assertThat(rows).hasSize(3);
        assertThat(rows.get(0)).contains("<td>1</td><td class=\"PASS\">PASS</td><td>58</td><td>1</td><td>1</td>"
                + "<td>0</td><td>0</td><td>0</td><td>0</td>")
                .contains("<td>3</td><td>80 ms</td><td>600 ms</td><td>0</td>")
                .contains("<a href=\"runs/" + MadeUpSoak.runName(1) + "/report.html\">");
        assertThat(rows.get(1)).contains("<td>50</td><td>0</td><td>0</td><td>0</td><td>0</td><td>0</td><td>10</td>")
                .contains("<td>3</td><td>120 ms</td><td>never</td><td>3</td>");
        assertThat(rows.get(2)).contains("<td colspan=\"7\">not judged: 2 tabs a user</td>");
    }

    @Test
    void theSummaryHasEachAnomalyKindsTotalOverTheDrillsThatRecordedAHistory() throws Exception {
        String html = Files.readString(RecordedSoak.read(MadeUpSoak.writtenTo(dir)).writePage());
        String summary = html.substring(0, html.indexOf("</section>"));

        assertThat(summary).as("runs 2 and 3 added up; run 1 recorded no history")
                .contains("<tr><td>lost update</td><td>8</td><td>does not show it</td></tr>")
                .contains("<tr><td>non-monotonic read</td><td>3</td><td>does not show it</td></tr>")
                .contains("<tr><td>indeterminate write applied</td><td>2</td><td>may show it (counted)</td></tr>")
                .contains("<tr><td>write applied twice</td><td>1</td><td>does not show it</td></tr>")
                .contains("<tr><td>read-your-writes violated</td><td>0</td><td>does not show it</td></tr>")
                .contains("Judged in 2 of 3 drills (1 recorded no history: not judged, not in the totals): 1,500"
                        + " requests, 1,490 answers judged, 4 not judged.");
    }

    @Test
    void eachRunHasItsAnomaliesByKindOrSaysItsHistoryWasNotRecorded() throws Exception {
        String html = Files.readString(RecordedSoak.read(MadeUpSoak.writtenTo(dir)).writePage());
        List<String> rows = Pattern.compile("<tr class=\"run\">.*</tr>").matcher(html).results()
                .map(MatchResult::group).toList();

        assertThat(html).contains("<th>lost update</th><th>read-your-writes violated</th><th>non-monotonic read</th>"
                + "<th>indeterminate write applied</th><th>invalidated session answered again</th>"
                + "<th>write applied twice</th><th>resend applied twice</th><th>requests not judged</th>");
        assertThat(rows.get(0)).contains("<td colspan=\"8\">history not recorded: not judged</td><td>3</td>");
        assertThat(rows.get(1)).contains("<td>10</td><td>7</td><td>0</td><td>0</td><td>2</td><td>0</td><td>0</td>"
                + "<td>0</td><td>4</td><td>3</td>");
        assertThat(rows.get(2)).contains("tabs a user</td><td>1</td><td>0</td><td>3</td><td>0</td><td>0</td><td>1</td>"
                + "<td>0</td><td>0</td><td>3</td>");
    }

    @Test
    void aSoakWhoseDrillsRecordedNoHistoryHasEveryKindNotJudgedRatherThanZero() throws Exception {
        SoakRunner.Drill drill = MadeUpSoak.summary().drills().getFirst();
        new com.fasterxml.jackson.databind.ObjectMapper().writeValue(dir.resolve(RecordedSoak.FILE).toFile(),
                SoakRunner.summary("no-history", 1, 0, List.of(drill), null));

        String html = Files.readString(RecordedSoak.read(dir).writePage());

        assertThat(html).contains("<tr><td>lost update</td><td>not judged</td>")
                .contains("<tr><td>resend applied twice</td><td>not judged</td>")
                .doesNotContain("<td>lost update</td><td>0</td>")
                .contains("No drill recorded a history (load.history): every kind not judged.");
    }

    @Test
    void theRunsChartMarksEachFaultAtItsTimeAndANeverOnTheTopEdge() throws Exception {
        String svg = SoakRunsChart.svg(MadeUpSoak.summary());
        // the chart's own axis: 10% above the longest figure, 900 ms
        Plot axes = new Plot("axes", 240, 0.5, 3.5, new ChartAxis.Linear(990, "ms"));

        assertThat(marks(svg, "circle class=\"view\"")).hasSize(3);
        assertThat(marks(svg, "circle class=\"failover\"")).hasSize(2);
        assertThat(marks(svg, "path class=\"failover never\"")).hasSize(1);
        assertThat(svg).contains(String.format(java.util.Locale.ROOT, "cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#fff\""
                + " stroke=\"%s\" stroke-width=\"1.5\"><title>run 1, fault 1: failover 600 ms</title>",
                axes.x(1.12), axes.y(600), SoakRunsChart.FAILOVER));
        assertThat(svg).contains(String.format(java.util.Locale.ROOT, "cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"",
                axes.x(1.88), axes.y(120), SoakRunsChart.VIEW));
        assertThat(svg).as("run 2's failover never came: a cross on the top edge").contains(String.format(
                java.util.Locale.ROOT, "d=\"M%.1f %.1fL", axes.x(2.12) - 5, axes.y(990) - 5))
                .contains("<title>run 2, fault 1: failover never</title>");
        assertThat(svg).as("a label per run, none between runs").contains(">run 1</text>").contains(">run 3</text>")
                .doesNotContain(">run 1.");
    }

    @Test
    void theDistributionOverAllRunsEndsAtTheShareOfFaultsThatGotTheFigure() {
        String svg = SoakDistributionChart.svg(MadeUpSoak.summary());
        Plot axes = new Plot("axes", 240, 0, 945, new ChartAxis.Linear(100, "% of faults"));

        List<double[]> view = ChartPoints.of(svg, SoakRunsChart.VIEW).points();
        List<double[]> failover = ChartPoints.of(svg, SoakRunsChart.FAILOVER).points();

        assertThat(view).hasSize(7);
        assertThat(view.getLast()).containsExactly(round(axes.x(120)), round(axes.y(100)));
        assertThat(failover).as("two of three faults' users all served again").hasSize(5);
        assertThat(failover.getLast()).containsExactly(round(axes.x(900)), round(axes.y(200 / 3.0)));
        assertThat(svg).contains(">failover: 3 faults, 1 never</text>").contains(">new view: 3 faults</text>");
    }

    @Test
    void thePageDrawnAgainFromTheDirectoryIsThePageTheSoakWrote() throws Exception {
        Path page = SoakPage.write(MadeUpSoak.writtenTo(dir));
        String written = Files.readString(page);
        Files.delete(page);

        RecordedSoak.read(dir).writePage();

        assertThat(Files.readString(page)).isEqualTo(written);
    }

    @Test
    void aSoakJsonWithoutDrillsIsRefusedSayingWhatToDo() throws Exception {
        Files.writeString(dir.resolve("soak.json"), "{}");

        assertThatThrownBy(() -> RecordedSoak.read(dir)).isInstanceOf(UnreadableRunException.class)
                .hasMessageContaining(dir.resolve("soak.json") + " names no drills or distributions")
                .hasMessageContaining("run replsim soak again");
    }

    private static List<String> marks(String svg, String mark) {
        return Pattern.compile("<" + Pattern.quote(mark)).matcher(svg).results().map(MatchResult::group).toList();
    }

    /** As the chart writes a pixel: one decimal. */
    private static double round(double pixel) {
        return Double.parseDouble(String.format(java.util.Locale.ROOT, "%.1f", pixel));
    }
}

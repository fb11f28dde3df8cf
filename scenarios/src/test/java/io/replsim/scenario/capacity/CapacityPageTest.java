package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.replsim.scenario.report.UnreadableRunException;
import io.replsim.scenario.report.chart.ChartAxis;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** capacity.html of a made-up search on 2 nodes ({@link MadeUpSearch}): 40 users sustained, below 60. */
class CapacityPageTest {
    // the plot: 60 px from the left, 880 px wide from 0 to 88 users (80, the most run, × 1.1); 184 px high from 210 px
    private static final double PX_PER_USER = 880 / 88.0;

    @Test
    void theAnswerComesFirstWithItsIntervalAndTheBindingLimit() {
        String html = CapacityPage.render(MadeUpSearch.summary());

        assertThat(html).contains("<h1>made-up: capacity <span class=\"VALID\">VALID</span></h1>")
                .contains("<p class=\"answer\">On 2 nodes: 40 users sustained, from the steps' verdicts: every run"
                        + " passed at 40 users, 60 users failed; binding LATENCY.</p>")
                .contains("each survivor would run at 150% of its budget")
                .contains("<h2>Provenance</h2>\n<p>Not recorded");
        assertThat(html.indexOf("class=\"answer\"")).isLessThan(html.indexOf("<svg"));
        assertThat(html).doesNotContain("<script").doesNotContain(" src=").contains("@media print{");
    }

    @Test
    void eachStepIsADotOrACrossWhereItsLoadAndItsP90PutItAndTheWarmUpRoundsAreRingsApart() {
        String html = CapacityPage.render(MadeUpSearch.summary());
        String latency = chart(html, "capacity-latency");

        assertThat(count(latency, "<circle class=\"step PASS\"")).isEqualTo(4);
        assertThat(count(latency, "<path class=\"step FAIL\"")).isEqualTo(2);
        assertThat(count(latency, "<circle class=\"warmup\"")).isEqualTo(2);
        // from 10 ms (the decade below the smallest, 50 ms) to 1200 ms × 1.1
        ChartAxis axis = ChartAxis.Logarithmic.over(50, 1_320, "ms");
        assertThat(latency).contains(String.format(Locale.ROOT, "<circle class=\"step PASS\" cx=\"%.1f\" cy=\"%.1f\"",
                60 + 10 * PX_PER_USER, 26 + 184 - axis.up(50, 184)));
        assertThat(latency).contains(String.format(Locale.ROOT, "<path class=\"step FAIL\" d=\"M%.1f %.1f",
                60 + 80 * PX_PER_USER - 5, 26 + 184 - axis.up(1_200, 184) - 5));
        assertThat(latency).contains("<title>step 4 (step-up), 80 users: p90 1200.0 ms: FAIL: p90 1200.0 ms &gt; 800"
                + " ms; node2 CPU 75% &gt; 60% of its budget</title>");
        assertThat(latency).contains("<title>p90 limit 800 ms</title>");
        assertThat(latency).containsPattern(String.format(Locale.ROOT, "<rect class=\"answer\" x=\"%.1f\" y=\"26\""
                + " width=\"%.1f\"[^>]*><title>from the steps' verdicts: every run passed at 40 users, 60 users failed"
                + "</title>", 60 + 40 * PX_PER_USER,
                20 * PX_PER_USER));
    }

    @Test
    void eachNodesCpuIsDrawnPerStepAgainstTheLimitAndTheTableSaysWhyEachStepFailed() {
        String html = CapacityPage.render(MadeUpSearch.summary());
        String cpu = chart(html, "capacity-cpu");

        assertThat(count(cpu, "<circle class=\"step PASS\"")).isEqualTo(8);
        assertThat(count(cpu, "<path class=\"step FAIL\"")).isEqualTo(4);
        assertThat(count(cpu, "<circle class=\"warmup\"")).isEqualTo(4);
        // 0 to 100% over 184 px: node2 at 22% in step 1
        assertThat(cpu).contains(String.format(Locale.ROOT, "cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#7570b3\"",
                60 + 10 * PX_PER_USER, 26 + 184 - 0.22 * 184));
        assertThat(cpu).contains("<title>60% CPU limit</title>");
        assertThat(html).contains("<tr><td>4</td><td>step-up</td><td>80</td><td class=\"FAIL\">FAIL</td><td>p90 1200.0"
                + " ms &gt; 800 ms; node2 CPU 75% &gt; 60% of its budget</td>")
                .contains("<tr><td>5</td><td>bisect</td><td>60</td><td class=\"FAIL\">FAIL</td><td>p90 900.0 ms &gt;"
                        + " 800 ms</td>")
                .contains("<tr><td>6</td><td>confirm</td><td>40</td><td class=\"PASS\">PASS</td><td>every limit held"
                        + "</td>");
        assertThat(html).contains("Warm-up: 2 unmeasured round(s) before the first step, at 10 users at the end")
                .contains("<table class=\"warmup\">");
    }

    @Test
    void aSearchWithOneNodeDownHasItsOwnAnswerAndItsOwnSectionAfterTheFirst() {
        CapacitySummary all = MadeUpSearch.summary();
        CapacitySummary.Search first = all.search();
        CapacitySummary.Search down = new CapacitySummary.Search(1, 20, 20, 30, 20, 30, "steps",
                List.of("CPU"), first.estimate(), first.steps().get(1), false, first.steps().subList(0, 2),
                WarmUp.NONE, first.spreads());
        CapacitySummary summary = new CapacitySummary(all.scenario(), all.runDirectory(), all.startedAt(),
                all.wallMs(), all.criteria(), 2, all.cpuBudgetCores(), first, all.survivorCpuUtilization(), down,
                List.of(), true, all.cpuBudgetEnforcement(), "users", "VALID", List.of(), null, all.limits());

        String html = CapacityPage.render(summary);

        assertThat(html).contains("<p class=\"answer\">On 1 node: 20 users sustained, from the steps' verdicts:"
                + " every run passed at 20 users, 30 users failed; binding CPU.</p>");
        assertThat(html.indexOf("On 2 nodes: 40 users")).isLessThan(html.indexOf("On 1 node: 20 users"))
                .isLessThan(html.indexOf("<svg"));
        assertThat(count(html, "<h2>Search on ")).isEqualTo(2);
        assertThat(html.indexOf("<h2>Search on 2 nodes</h2>")).isLessThan(html.indexOf("<h2>Search on 1 node</h2>"));
        assertThat(count(html, "<svg class=\"chart capacity-latency\"")).isEqualTo(2);
        assertThat(html).contains("No warm-up round: the first step ran on the nodes as they were.");
    }

    @Test
    void aSearchWithoutAnAnswerSaysWhyAndNamesNoBindingLimitItDidNotFind() {
        CapacitySummary.Search bracketed = MadeUpSearch.summary().search();
        CapacityEstimate none = new CapacityEstimate(CapacityEstimate.Method.STEPS, 0, 0, 0, 0, 0, List.of(),
                List.of(), new StepAnswer(0, 0, 0, 0, 0, List.of()), "no load failed at least half of its runs");
        CapacitySummary.Search unanswered = new CapacitySummary.Search(2, 0, 0, 0, 0, 0, "steps", List.of(), none,
                null, true, bracketed.steps().subList(0, 3), bracketed.warmUp(), bracketed.spreads());

        assertThat(CapacityPage.answer(unanswered, "users")).isEqualTo("<p class=\"answer\">On 2 nodes: no load"
                + " sustained (the step budget ran out first). Note: no load failed at least half of its runs.</p>\n");
    }

    @Test
    void aFailedStepsCrossIsDrawnOverThePassedStepsDots() {
        String latency = chart(CapacityPage.render(MadeUpSearch.summary()), "capacity-latency");

        // steps 4 and 5 failed before step 6 passed at 40 users: their crosses come after every dot
        assertThat(latency.lastIndexOf("class=\"step PASS\"")).isLessThan(latency.indexOf("class=\"step FAIL\""));
    }

    @Test
    void anAnswerAtTheSearchsCapSaysNoLoadFailedRatherThanAnInterval() {
        CapacitySummary.Search bracketed = MadeUpSearch.summary().search();
        CapacitySummary.Search capped = new CapacitySummary.Search(2, 40, 40, 40, 40, 40, "steps", List.of(),
                bracketed.estimate(), bracketed.atCapacity(), false, bracketed.steps().subList(0, 3),
                bracketed.warmUp(), bracketed.spreads());

        assertThat(CapacityPage.answer(capped, "users")).isEqualTo("<p class=\"answer\">On 2 nodes: 40 users"
                + " sustained, and no load failed up to it, the search's cap: no limit was reached.</p>\n");
        assertThat(CapacityAxis.interval(capped, "users")).isEqualTo("no load failed up to 40 users, the search's cap");
    }

    @Test
    void aSearchWhoseNodesWereNotReadAndWhoseLimitsWereNotRecordedSaysSo() {
        String html = CapacityPage.render(MadeUpSearch.summary(null, false));

        assertThat(html).contains("No node's CPU was read in this search").contains("the charts draw no limit lines")
                .doesNotContain("stroke-dasharray=\"4 3\"><title>");
        assertThat(count(chart(html, "capacity-latency"), "class=\"step ")).isEqualTo(6);
    }

    @Test
    void thePageAndTheAnswersAreDrawnAgainFromTheSearchsSummary(@TempDir Path dir) throws Exception {
        CapacitySummary summary = MadeUpSearch.summary();
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(dir.resolve("summary.json").toFile(), summary);
        Files.writeString(dir.resolve("capacity.csv"), "search,step\n");

        RecordedSearch search = RecordedSearch.read(dir);
        Path page = search.writePage();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        search.printAnswers(new PrintStream(console, true, StandardCharsets.UTF_8));

        assertThat(RecordedSearch.isOne(dir)).isTrue();
        assertThat(page).isEqualTo(dir.resolve("capacity.html"));
        assertThat(Files.readString(page)).isEqualTo(CapacityPage.render(summary));
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("== capacity: 40 users");
    }

    @Test
    void aSearchWithoutItsSummaryIsRefusedSayingWhatToDo(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> RecordedSearch.read(dir)).isInstanceOf(UnreadableRunException.class)
                .hasMessageContaining(dir + " holds no summary.json")
                .hasMessageContaining("run replsim capacity again");
        Files.writeString(dir.resolve("summary.json"), "{\"nodes\": \"two\"}");
        assertThatThrownBy(() -> RecordedSearch.read(dir)).isInstanceOf(UnreadableRunException.class)
                .hasMessageContaining("cannot be read as a capacity search wrote it");
    }

    private static String chart(String html, String name) {
        return Pattern.compile("<svg class=\"chart " + name + "\"[\\s\\S]*?</svg>").matcher(html).results()
                .map(MatchResult::group).findFirst().orElseThrow(() -> new AssertionError("no " + name + " chart"));
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }
}

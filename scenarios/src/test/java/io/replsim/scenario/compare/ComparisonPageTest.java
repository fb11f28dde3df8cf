package io.replsim.scenario.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.replsim.scenario.report.UnreadableRunException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compare.html draws each variant's ratio to the reference as a bar with its 95% interval as a whisker, says each
 * verdict in words, and is drawn the same from compare.json when the comparison ends and when it is read again.
 */
class ComparisonPageTest {

    @TempDir
    Path dir;

    /** The reference, a variant above it (differs), one whose interval has no high end, and one below (differs). */
    static ComparedFigure sustained() {
        return new ComparedFigure("users sustained", "users", "%,.0f", List.of(
                new ComparedFigure.Bar("all", "reference", 2, new Band(800, 1000), null),
                new ComparedFigure.Bar("buddies", "compared", 2, new Band(1040, 1300),
                        new RatioInterval(1.3, 1.2, 1.4, "the searches' own intervals")),
                new ComparedFigure.Bar("capped", "compared", 2, new Band(900, 1100),
                        new RatioInterval(1.1, 0.9, null, "the searches' own intervals; the variant has an answer"
                                + " the cluster's limits did not bind")),
                new ComparedFigure.Bar("lean", "compared", 2, new Band(500, 600),
                        new RatioInterval(0.6, 0.5, 0.7, "t over 2 rounds"))));
    }

    static RecordedComparison recorded(Path directory) {
        return new RecordedComparison(directory, true, List.of("all", "buddies", "capped", "lean"), "all", null, 2,
                List.of(sustained()), CapacityComparisonTest.provenance());
    }

    @Test
    void eachBarStandsAtItsRatioAndItsWhiskerSpansItsInterval() {
        String svg = RatioChart.svg(sustained(), "all");

        List<double[]> bars = rects(svg);
        assertThat(bars).as("a bar per scenario, the reference's first").hasSize(4);
        double floor = bars.get(0)[1] + bars.get(0)[2];
        double perUnit = floor - bars.get(0)[1]; // the reference's bar stands at 1.0
        assertThat(bars.get(1)[1]).as("buddies' bar at 1.3").isCloseTo(floor - 1.3 * perUnit, within(0.2));
        assertThat(bars.get(3)[1]).as("lean's bar at 0.6").isCloseTo(floor - 0.6 * perUnit, within(0.2));

        List<double[]> whiskers = whiskers(svg);
        assertThat(whiskers).as("a whisker per variant, none for the reference").hasSize(3);
        assertThat(whiskers.get(0)[0]).as("buddies' whisker on its bar's middle")
                .isCloseTo(bars.get(1)[0] + bars.get(1)[3] / 2, within(0.2));
        assertThat(whiskers.get(0)[1]).as("buddies' low end 1.2").isCloseTo(floor - 1.2 * perUnit, within(0.2));
        assertThat(whiskers.get(0)[2]).as("buddies' high end 1.4").isCloseTo(floor - 1.4 * perUnit, within(0.2));
        assertThat(whiskers.get(2)[1]).as("lean's low end 0.5").isCloseTo(floor - 0.5 * perUnit, within(0.2));
        assertThat(whiskers.get(2)[2]).as("lean's high end 0.7").isCloseTo(floor - 0.7 * perUnit, within(0.2));
    }

    @Test
    void anOpenEndRunsToTheChartsEdgeUncapped() {
        String svg = RatioChart.svg(sustained(), "all");

        double floor = rects(svg).get(0)[1] + rects(svg).get(0)[2];
        double perUnit = floor - rects(svg).get(0)[1];
        double[] capped = whiskers(svg).get(1);
        assertThat(capped[1]).as("its low end 0.9").isCloseTo(floor - 0.9 * perUnit, within(0.2));
        double plotTop = frameTop(svg);
        assertThat(capped[2]).as("no high end: to the top of the plot").isCloseTo(plotTop, within(0.2));
        assertThat(capsOf(svg, 1)).as("one cap, at its low end").isEqualTo(1);
        assertThat(capsOf(svg, 0)).as("a closed interval has both caps").isEqualTo(2);
    }

    @Test
    void theOneLineIsDashedAtTheReferencesBarTop() {
        String svg = RatioChart.svg(sustained(), "all");

        Matcher limit = Pattern.compile("<line x1=\"[0-9.]+\" y1=\"([0-9.]+)\"[^>]*stroke-dasharray=\"4 3\"><title>1.0<")
                .matcher(svg);
        assertThat(limit.find()).as(svg).isTrue();
        assertThat(Double.parseDouble(limit.group(1))).isCloseTo(rects(svg).get(0)[1], within(0.2));
    }

    @Test
    void eachVerdictIsSaidInWordsWithItsBandRatioAndInterval() {
        ComparedFigure figure = sustained();

        assertThat(ComparisonPage.verdict(figure.bars().get(0), figure, "all", 2))
                .isEqualTo("all (reference): users sustained 800-1,000 users over 2 of 2 rounds; the reference");
        assertThat(ComparisonPage.verdict(figure.bars().get(1), figure, "all", 2))
                .isEqualTo("buddies (compared): users sustained 1,040-1,300 users over 2 of 2 rounds; 1.30 times"
                        + " all's, 95% interval 1.20 to 1.40 (the searches' own intervals): differs, above all");
        assertThat(ComparisonPage.verdict(figure.bars().get(2), figure, "all", 2))
                .contains("1.10 times all's, 95% interval 0.90 to no high end").endsWith(": no difference shown");
        assertThat(ComparisonPage.verdict(figure.bars().get(3), figure, "all", 2))
                .endsWith("0.60 times all's, 95% interval 0.50 to 0.70 (t over 2 rounds): differs, below all");
    }

    @Test
    void theQuestionComesFirstThenTheChartsThenTheProvenance() {
        String html = ComparisonPage.render(recorded(dir));

        assertThat(html).as("self-contained").doesNotContain("<script").doesNotContain(" src=").doesNotContain("<link");
        int question = html.indexOf("How much load does each variant sustain, against all? Variants: buddies,"
                + " capped, lean; 2 rounds interleaved, a search each on a fresh cluster.");
        int chart = html.indexOf("<svg class=\"chart ratios users-sustained\"");
        int verdict = html.indexOf("differs, above all");
        int provenance = html.indexOf("<h2>Provenance</h2>");
        assertThat(question).isPositive();
        assertThat(chart).isGreaterThan(question);
        assertThat(verdict).isGreaterThan(chart);
        assertThat(provenance).isGreaterThan(verdict);
    }

    @Test
    void aCapacityComparisonsPageIsDrawnFromItsCompareJsonAndDrawnAgainTheSame() throws Exception {
        CapacityComparison result = ComparedFromFigures.capacity();

        Path page = ComparedFromFigures.writtenTo(dir);
        String first = Files.readString(page);
        RecordedComparison.read(dir).writePage();

        assertThat(page).isEqualTo(dir.resolve("compare.html"));
        assertThat(Files.readString(page)).isEqualTo(first);
        RatioInterval interval = result.rows().get(1).interval();
        assertThat(first).contains("buddies (compared): users sustained 1,300-1,320 users over 2 of 2 rounds; "
                + String.format(java.util.Locale.ROOT, "%.2f times all's, 95%% interval %.2f to %.2f",
                interval.ratio(), interval.low(), interval.high()))
                .contains("differs, above all").contains("c1ad2415");
        assertThat(whiskers(first)).hasSize(1);
    }

    @Test
    void aFixedLoadComparisonWithABaselineDrawsNodeCpuAndWhatIsAboveTheBaseline() throws Exception {
        ComparisonPlan plan = new ComparisonPlan(Optional.of(CapacityComparisonTest.entry("bare")),
                List.of(CapacityComparisonTest.entry("all"), CapacityComparisonTest.entry("buddies")), 2);
        List<ComparedRun> runs = new ArrayList<>();
        double[][] cpu = {{0.10, 0.30, 0.25}, {0.11, 0.32, 0.26}};
        for (int round = 1; round <= 2; round++) {
            List<String> names = List.of("bare", "all", "buddies");
            for (int i = 0; i < 3; i++) {
                runs.add(new ComparedRun.Measured(names.get(i), round, new RunFigures("PASS", cpu[round - 1][i],
                        1000, 2, 4, 100), "runs/" + names.get(i) + round));
            }
        }
        ComparisonReport.write(new ComparisonResult(plan, runs), CapacityComparisonTest.provenance(),
                dir.resolve("compare.json"));

        RecordedComparison read = RecordedComparison.read(dir);
        String html = Files.readString(ComparisonPage.write(dir));

        assertThat(read.figures()).extracting(ComparedFigure::name)
                .containsExactly("node CPU", "node CPU above the baseline");
        assertThat(html).contains("What does each variant cost at the same load, against all? Variants: buddies;"
                + " 2 rounds interleaved; baseline bare.")
                .contains("bare (baseline): node CPU 0.100-0.110 cores over 2 of 2 rounds; the baseline, judged"
                        + " against nothing");
        assertThat(rects(html)).as("per chart the reference and buddies; the baseline has no ratio").hasSize(4);
    }

    @Test
    void aCompareJsonWithoutItsScenariosIsRefusedSayingWhatToDo() throws Exception {
        Files.writeString(dir.resolve("compare.json"), "{}");

        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> RecordedComparison.read(dir)))
                .isInstanceOf(UnreadableRunException.class)
                .hasMessageContaining(dir.resolve("compare.json") + " names no scenarios, reference or rows")
                .hasMessageContaining("run replsim compare again");
    }

    /** Each bar's x, y, height and width, in the order drawn. */
    private static List<double[]> rects(String svg) {
        Matcher bar = Pattern.compile("<rect class=\"bar\" x=\"([0-9.]+)\" y=\"([0-9.]+)\" width=\"([0-9.]+)\""
                + " height=\"([0-9.]+)\"").matcher(svg);
        List<double[]> found = new ArrayList<>();
        while (bar.find()) {
            found.add(new double[] {Double.parseDouble(bar.group(1)), Double.parseDouble(bar.group(2)),
                    Double.parseDouble(bar.group(4)), Double.parseDouble(bar.group(3))});
        }
        return found;
    }

    /** Each whisker's x, its lower end's pixel and its upper end's, in the order drawn. */
    private static List<double[]> whiskers(String svg) {
        Matcher whisker = Pattern.compile("<path class=\"whisker\" d=\"M([0-9.]+) ([0-9.]+)L[0-9.]+ ([0-9.]+)")
                .matcher(svg);
        List<double[]> found = new ArrayList<>();
        while (whisker.find()) {
            found.add(new double[] {Double.parseDouble(whisker.group(1)), Double.parseDouble(whisker.group(2)),
                    Double.parseDouble(whisker.group(3))});
        }
        return found;
    }

    /** The caps of the {@code index}-th whisker: its segments after the upright one. */
    private static int capsOf(String svg, int index) {
        Matcher whisker = Pattern.compile("<path class=\"whisker\" d=\"([^\"]*)\"").matcher(svg);
        for (int i = 0; i <= index; i++) {
            whisker.find();
        }
        return whisker.group(1).split("M").length - 2;
    }

    /** The top of the plot's frame. */
    private static double frameTop(String svg) {
        Matcher frame = Pattern.compile("<rect x=\"[0-9.]+\" y=\"([0-9.]+)\"[^>]*fill=\"none\" stroke=\"#999\"")
                .matcher(svg);
        assertThat(frame.find()).isTrue();
        return Double.parseDouble(frame.group(1));
    }
}

package io.replsim.scenario.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compare.csv: one row per variant and figure, with the ratio's interval and verdict where it has one. */
class ComparisonCsvTest {

    @Test
    void aCapacityComparisonHasARowPerVariantWithItsRatioIntervalAndBinding(@TempDir Path dir) throws Exception {
        var answers = Map.of("all", List.of(CapacityComparisonTest.answer(1000), CapacityComparisonTest.answer(1010)),
                "buddies", List.of(CapacityComparisonTest.answer(1300), CapacityComparisonTest.answer(1320)));
        CapacityComparison result = CapacityComparisonTest.compare(CapacityComparisonTest.plan(2),
                CapacityComparisonTest.player(answers, new ArrayList<>()));
        RatioInterval interval = result.rows().get(1).interval();

        ComparisonCsv.write(result, dir.resolve("compare.csv"));

        List<String> csv = Files.readAllLines(dir.resolve("compare.csv"));
        assertThat(csv).containsExactly(ComparisonCsv.HEADER,
                "all,reference,sustained,users,2,1000.0000,1010.0000,1.0000,1.0000,,,,,,CPU,",
                String.format(java.util.Locale.ROOT, "buddies,compared,sustained,users,2,1300.0000,1320.0000,1.3000,"
                        + "1.3069,%.4f,%.4f,%.4f,%s,differs,CPU,", interval.ratio(), interval.low(), interval.high(),
                        interval.basis()));
    }

    @Test
    void aComparisonAtOneLoadHasARowPerScenarioAndFigure(@TempDir Path dir) throws Exception {
        ComparisonPlan plan = new ComparisonPlan(Optional.empty(), List.of(entry("small"), entry("large")), 1);
        Comparison.Player player = (entry, round) -> new ComparedRun.Measured(entry.name(), round,
                new RunFigures("PASS", entry.name().equals("small") ? 0.10 : 0.16, 900, 2, 4, 100), "runs/x");
        ComparisonResult result = new Comparison(player, new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8)).run(plan);

        ComparisonCsv.write(result, dir.resolve("compare.csv"));

        List<String> csv = Files.readAllLines(dir.resolve("compare.csv"));
        assertThat(csv).hasSize(1 + 2 * 6);
        assertThat(csv).contains("large,compared,node_cpu,cores,1,0.1600,0.1600,1.6000,1.6000,1.6000,,,"
                + "one round: no spread to give an interval,no difference shown,,");
        assertThat(csv).contains("large,compared,p90,ms,1,4.0000,4.0000,,,,,,,,,");
        assertThat(csv).contains("small,reference,above_baseline,cores,1,,,,,,,,,,,");
    }

    @Test
    void aCellWithACommaIsQuoted(@TempDir Path dir) throws Exception {
        ComparisonPlan plan = new ComparisonPlan(Optional.empty(), List.of(entry("a, the first"), entry("b")), 1);
        Comparison.Player player = (entry, round) -> new ComparedRun.Searched(entry.name(), round,
                CapacityComparisonTest.answer(1000), "runs/x");
        CapacityComparison result = CapacityComparisonTest.compare(plan, player);

        ComparisonCsv.write(result, dir.resolve("compare.csv"));

        assertThat(Files.readAllLines(dir.resolve("compare.csv")).get(1)).startsWith("\"a, the first\",reference,");
    }

    private static ComparisonPlan.Entry entry(String name) throws Exception {
        ComparisonPlan.Entry entry = CapacityComparisonTest.entry("x");
        return new ComparisonPlan.Entry(name, entry.spec(), Path.of(name + ".yaml"));
    }
}

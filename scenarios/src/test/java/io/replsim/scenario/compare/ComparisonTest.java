package io.replsim.scenario.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A comparison plays its scenarios interleaved, round after round, keeps going past a run that broke, and reads
 * the rounds together: bands, what each costs above the baseline, ratios taken within a round, and a request rate
 * that does not match the reference's.
 */
class ComparisonTest {

    private static ComparisonPlan.Entry entry(String name) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse("name: " + name + "\ncluster: {nodes: 2}\n"
                + "load: {users: 4, thinkTime: 500ms, duration: 5s}\n", name + ".yaml");
        return new ComparisonPlan.Entry(name, spec, Path.of(name + ".yaml"));
    }

    private static ComparisonPlan plan(int rounds) throws Exception {
        return new ComparisonPlan(Optional.of(entry("none")), List.of(entry("small"), entry("large")), rounds);
    }

    /** Node CPU per scenario and round; every run at 100 req/s unless {@code rates} says otherwise. */
    private static Comparison.Player player(Map<String, double[]> cpu, Map<String, double[]> rates,
                                            List<String> played) {
        return (entry, round) -> {
            played.add(entry.name() + round);
            double rate = rates.containsKey(entry.name()) ? rates.get(entry.name())[round - 1] : 100;
            var figures = new RunFigures("PASS", cpu.get(entry.name())[round - 1], 1000, 2, 4, rate);
            return new ComparedRun.Measured(entry.name(), round, figures, "runs/" + entry.name() + round);
        };
    }

    private static ComparisonResult compare(ComparisonPlan plan, Comparison.Player player) throws Exception {
        return new Comparison(player, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                .run(plan);
    }

    @Test
    void roundsInterleaveTheScenariosWithTheBaselineFirst() throws Exception {
        List<String> played = new ArrayList<>();
        Map<String, double[]> cpu = Map.of("none", new double[] {0.07, 0.07}, "small", new double[] {0.11, 0.11},
                "large", new double[] {0.17, 0.17});

        compare(plan(2), player(cpu, Map.of(), played));

        assertThat(played).containsExactly("none1", "small1", "large1", "none2", "small2", "large2");
    }

    @Test
    void ratiosAreTakenWithinARoundBeforeTheirBand() throws Exception {
        // The machine drifts: round 2 reads every scenario 50% higher. Within a round the ratio is the same.
        Map<String, double[]> cpu = Map.of("none", new double[] {0.06, 0.09}, "small", new double[] {0.10, 0.15},
                "large", new double[] {0.16, 0.24});

        ComparisonResult result = compare(plan(2), player(cpu, Map.of(), new ArrayList<>()));

        ComparisonResult.Row large = result.rows().get(2);
        assertThat(large.scenario()).isEqualTo("large");
        assertThat(large.nodeCpuCores().min()).isEqualTo(0.16);
        assertThat(large.nodeCpuCores().max()).isEqualTo(0.24);
        assertThat(large.nodeCpuRatio().min()).isCloseTo(1.6, within(1e-9));
        assertThat(large.nodeCpuRatio().max()).isCloseTo(1.6, within(1e-9));
        assertThat(large.aboveBaselineCores().min()).isCloseTo(0.10, within(1e-9));
        assertThat(large.aboveBaselineCores().max()).isCloseTo(0.15, within(1e-9));
        // above the baseline: (0.16 - 0.06) / (0.10 - 0.06) = 2.5 in both rounds
        assertThat(large.aboveBaselineRatio().min()).isCloseTo(2.5, within(1e-9));
        assertThat(large.aboveBaselineRatio().max()).isCloseTo(2.5, within(1e-9));
        ComparisonResult.Row small = result.rows().get(1);
        assertThat(small.role()).isEqualTo(ComparisonResult.Role.REFERENCE);
        assertThat(small.nodeCpuRatio().min()).isEqualTo(1.0);
        ComparisonResult.Row none = result.rows().get(0);
        assertThat(none.role()).isEqualTo(ComparisonResult.Role.BASELINE);
        assertThat(none.aboveBaselineCores()).isNull();
        assertThat(none.nodeCpuRatio()).isNull();
        assertThat(result.rateDisagreements()).isEmpty();
        assertThat(ComparisonReport.comparable(result)).isTrue();
    }

    @Test
    void aCpuRatioThatHoldsOverTheRoundsDiffersAndOneThatCrossesOneShowsNoDifference() throws Exception {
        // large reads 1.60x and 1.62x small's CPU in its rounds; above the baseline it is 1.1x, then 0.9x
        Map<String, double[]> cpu = Map.of("none", new double[] {0.06, 0.06}, "small", new double[] {0.10, 0.10},
                "large", new double[] {0.16, 0.162});
        Map<String, double[]> crossing = Map.of("none", new double[] {0.06, 0.06}, "small", new double[] {0.10, 0.10},
                "large", new double[] {0.104, 0.096});

        ComparisonResult.Row large = compare(plan(2), player(cpu, Map.of(), new ArrayList<>())).rows().get(2);
        ComparisonResult.Row near = compare(plan(2), player(crossing, Map.of(), new ArrayList<>())).rows().get(2);

        assertThat(large.nodeCpuRatioInterval().basis()).isEqualTo("t over 2 rounds");
        assertThat(large.nodeCpuRatioInterval().low()).isGreaterThan(1);
        assertThat(large.nodeCpuRatioInterval().verdict()).isEqualTo(RatioVerdict.DIFFERS);
        assertThat(near.nodeCpuRatioInterval().verdict()).isEqualTo(RatioVerdict.NO_DIFFERENCE_SHOWN);
        assertThat(near.aboveBaselineRatioInterval().low()).isLessThan(1);
        assertThat(near.aboveBaselineRatioInterval().verdict()).isEqualTo(RatioVerdict.NO_DIFFERENCE_SHOWN);
    }

    @Test
    void theConsoleSaysEachRatiosVerdictAndNoneForTheReference() throws Exception {
        Map<String, double[]> cpu = Map.of("none", new double[] {0.06, 0.06}, "small", new double[] {0.10, 0.10},
                "large", new double[] {0.16, 0.162});
        ComparisonResult result = compare(plan(2), player(cpu, Map.of(), new ArrayList<>()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        ComparisonReport.print(result, CapacityComparisonTest.provenance(), null, new PrintStream(out, true,
                StandardCharsets.UTF_8));

        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(printed).contains("large: CPU ratio " + result.rows().get(2).nodeCpuRatioInterval().format()
                + ", 95% interval from t over 2 rounds: differs");
        assertThat(printed).doesNotContain("small: CPU ratio").doesNotContain("none: CPU ratio");
        assertThat(result.rows().get(1).nodeCpuRatioInterval()).isNull();
    }

    @Test
    void aRunAtAnotherRequestRateMakesTheComparisonNotComparable() throws Exception {
        Map<String, double[]> cpu = Map.of("none", new double[] {0.07}, "small", new double[] {0.11},
                "large", new double[] {0.30});
        // large saturated: 85 req/s against the reference's 100
        Map<String, double[]> rates = Map.of("large", new double[] {85});

        ComparisonResult result = compare(plan(1), player(cpu, rates, new ArrayList<>()));

        assertThat(result.rateDisagreements()).containsExactly(
                "round 1: large ran at 85.0 req/s, 15% below the round's highest (none, 100.0 req/s)");
        assertThat(ComparisonReport.comparable(result)).isFalse();
    }

    @Test
    void aRateWithinTheToleranceIsComparable() throws Exception {
        Map<String, double[]> cpu = Map.of("none", new double[] {0.07}, "small", new double[] {0.11},
                "large", new double[] {0.17});
        Map<String, double[]> rates = Map.of("large", new double[] {92}, "none", new double[] {101});

        ComparisonResult result = compare(plan(1), player(cpu, rates, new ArrayList<>()));

        assertThat(result.rateDisagreements()).isEmpty();
        assertThat(ComparisonReport.comparable(result)).isTrue();
    }

    @Test
    void aSaturatedReferenceIsTheRunNamedNotTheOthers() throws Exception {
        Map<String, double[]> cpu = Map.of("none", new double[] {0.07}, "small", new double[] {0.20},
                "large", new double[] {0.17});
        Map<String, double[]> rates = Map.of("small", new double[] {40});

        ComparisonResult result = compare(plan(1), player(cpu, rates, new ArrayList<>()));

        assertThat(result.rateDisagreements()).containsExactly(
                "round 1: small ran at 40.0 req/s, 60% below the round's highest (none, 100.0 req/s)");
    }

    @Test
    void aRunMeasuredWhileItsNodesStillCompiledIsNotComparable() throws Exception {
        List<String> played = new ArrayList<>();
        Comparison.Player settled = (entry, round) -> {
            played.add(entry.name());
            // settled nodes: the JIT at 3% of a node's CPU, below the line
            return new ComparedRun.Measured(entry.name(), round, new RunFigures("PASS", 0.1, 1000, 2, 4, 100, 0.03),
                    "runs/" + entry.name());
        };
        Comparison.Player smallStillCompiling = (entry, round) -> entry.name().equals("small")
                ? new ComparedRun.Measured(entry.name(), round, new RunFigures("PASS", 0.13, 1000, 2, 4, 100, 0.23),
                        "runs/small")
                : settled.play(entry, round);

        ComparisonResult warm = compare(plan(1), settled);
        ComparisonResult compiling = compare(plan(1), smallStillCompiling);

        assertThat(warm.unsettledRuns()).isEmpty();
        assertThat(ComparisonReport.comparable(warm)).isTrue();
        assertThat(compiling.unsettledRuns()).containsExactly(
                "round 1: small: the JIT took 23% of a node's CPU over the steady window");
        assertThat(ComparisonReport.comparable(compiling)).isFalse();
    }

    @Test
    void aBaselineAtAnotherRateIsNotSubtractedSilently() throws Exception {
        Map<String, double[]> cpu = Map.of("none", new double[] {0.04}, "small", new double[] {0.11},
                "large", new double[] {0.17});
        // the baseline's driver fell behind: what is subtracted was measured at another load
        Map<String, double[]> rates = Map.of("none", new double[] {60});

        ComparisonResult result = compare(plan(1), player(cpu, rates, new ArrayList<>()));

        assertThat(result.rateDisagreements()).containsExactly(
                "round 1: none ran at 60.0 req/s, 40% below the round's highest (small, 100.0 req/s)");
        assertThat(ComparisonReport.comparable(result)).isFalse();
    }

    @Test
    void aRunThatBreaksIsRecordedAndTheOtherRoundsStillCount() throws Exception {
        Map<String, double[]> cpu = Map.of("none", new double[] {0.07, 0.08}, "small", new double[] {0.11, 0.12},
                "large", new double[] {0.17, 0.18});
        Comparison.Player measured = player(cpu, Map.of(), new ArrayList<>());
        Comparison.Player breaksOnce = (entry, round) -> {
            if (entry.name().equals("large") && round == 1) {
                throw new ClusterStartException("node2 exited with code 1 while starting");
            }
            return measured.play(entry, round);
        };

        ComparisonResult result = compare(plan(2), breaksOnce);

        assertThat(result.broken()).isEqualTo(1);
        ComparisonResult.Row large = result.rows().get(2);
        assertThat(large.measured()).isEqualTo(1);
        assertThat(large.verdicts()).containsExactly("BROKE", "PASS");
        assertThat(large.nodeCpuCores().min()).isEqualTo(0.18);
        assertThat(large.nodeCpuRatio().min()).isCloseTo(1.5, within(1e-9));
        assertThat(ComparisonReport.comparable(result)).isFalse();
    }
}

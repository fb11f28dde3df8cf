package io.replsim.scenario.compare;

import com.fasterxml.jackson.annotation.JsonValue;
import io.replsim.scenario.report.NodeFigures;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * Every run of a comparison and what they say together: per scenario, each figure's band over the rounds, and the
 * ratios to the reference taken round by round (a variant against the reference of its own round, so the
 * interleaving cancels the machine's drift) before their band is.
 */
public record ComparisonResult(ComparisonPlan plan, List<ComparedRun> runs) {

    /**
     * Two runs of one round whose request rates differ by more than this share did not put the same load on the
     * nodes (a node or the driver saturated): their node CPU is not compared.
     */
    public static final double RATE_TOLERANCE = 0.10;

    public ComparisonResult {
        runs = List.copyOf(runs);
    }

    /**
     * One scenario's figures over the rounds. {@code aboveBaseline}: its node CPU less the baseline's of the same
     * round; the ratios: its node CPU (and that above the baseline) over the reference's of the same round. Null
     * where there is nothing to give it: no baseline, or no round in which both runs were measured.
     */
    /** What a scenario is to the comparison; its label is how the console and compare.json name it. */
    public enum Role {
        BASELINE, REFERENCE, COMPARED;

        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * {@code nodeCpuRatioInterval}, {@code aboveBaselineRatioInterval}: those ratios with their 95% intervals over
     * the rounds ({@link RatioInterval#overRounds}) and the verdict each gives; null where the band is.
     * {@code drill}: the drill figures' bands, or "no fault" when the scenario carried none.
     */
    public record Row(String scenario, Role role, int measured, Band nodeCpuCores, Band aboveBaselineCores,
                      Band nodeCpuRatio, Band aboveBaselineRatio, RatioInterval nodeCpuRatioInterval,
                      RatioInterval aboveBaselineRatioInterval, Band replicationMeanMicros, Band p50Ms, Band p90Ms,
                      Band requestsPerSec, DrillBands drill, List<String> verdicts) {
    }

    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        plan.baseline().ifPresent(entry -> rows.add(row(entry, Role.BASELINE)));
        for (ComparisonPlan.Entry entry : plan.scenarios()) {
            rows.add(row(entry, entry.equals(plan.reference()) ? Role.REFERENCE : Role.COMPARED));
        }
        return rows;
    }

    private Row row(ComparisonPlan.Entry entry, Role role) {
        boolean isBaseline = role == Role.BASELINE;
        List<ComparedRun.Measured> mine = measured(entry.name());
        List<Double> above = new ArrayList<>();
        List<Double> cpuRatio = new ArrayList<>();
        List<Double> aboveRatio = new ArrayList<>();
        String reference = plan.reference().name();
        Optional<String> baseline = plan.baseline().map(ComparisonPlan.Entry::name);
        for (ComparedRun.Measured run : mine) {
            Optional<RunFigures> base = baseline.flatMap(name -> figures(name, run.round()));
            Optional<RunFigures> ref = figures(reference, run.round());
            double cpu = run.figures().nodeCpuCores();
            base.ifPresent(b -> above.add(cpu - b.nodeCpuCores()));
            if (isBaseline) {
                continue;
            }
            ref.filter(r -> r.nodeCpuCores() > 0).ifPresent(r -> cpuRatio.add(cpu / r.nodeCpuCores()));
            if (base.isPresent() && ref.isPresent()) {
                double refAbove = ref.get().nodeCpuCores() - base.get().nodeCpuCores();
                if (refAbove > 0) {
                    aboveRatio.add((cpu - base.get().nodeCpuCores()) / refAbove);
                }
            }
        }
        return new Row(entry.name(), role, mine.size(), band(mine, RunFigures::nodeCpuCores),
                isBaseline ? null : Band.of(above).orElse(null),
                Band.of(cpuRatio).orElse(null), Band.of(aboveRatio).orElse(null),
                isReferenceOrBaseline(role) ? null : RatioInterval.overRounds(cpuRatio).orElse(null),
                isReferenceOrBaseline(role) ? null : RatioInterval.overRounds(aboveRatio).orElse(null),
                band(mine, RunFigures::replicationMeanMicros), band(mine, RunFigures::p50Ms),
                band(mine, RunFigures::p90Ms), band(mine, RunFigures::requestsPerSec),
                DrillBands.of(mine.stream().map(run -> run.figures().drill()).toList()),
                runs.stream().filter(run -> run.scenario().equals(entry.name())).map(ComparedRun::verdict)
                        .toList());
    }

    /**
     * Every run whose request rate is more than {@link #RATE_TOLERANCE} below the highest of its round, one line
     * each: the scenarios put the same load, so a run that served fewer requests had a node or its driver
     * saturated, and its node CPU measures another load. The highest is the yardstick, not the reference: a
     * saturated reference must not make the others look off.
     */
    public List<String> rateDisagreements() {
        List<String> lines = new ArrayList<>();
        for (int round = 1; round <= plan.rounds(); round++) {
            int thisRound = round;
            List<ComparedRun.Measured> measured = runs.stream().filter(run -> run.round() == thisRound)
                    .filter(run -> run instanceof ComparedRun.Measured).map(run -> (ComparedRun.Measured) run)
                    .toList();
            Optional<ComparedRun.Measured> fastest = measured.stream()
                    .max(Comparator.comparingDouble(run -> run.figures().requestsPerSec()));
            if (fastest.isEmpty() || fastest.get().figures().requestsPerSec() <= 0) {
                continue;
            }
            double highest = fastest.get().figures().requestsPerSec();
            for (ComparedRun.Measured run : measured) {
                double rate = run.figures().requestsPerSec();
                double below = 1 - rate / highest;
                if (below > RATE_TOLERANCE) {
                    lines.add(String.format(Locale.ROOT, "round %d: %s ran at %.1f req/s, %.0f%% below the round's"
                                    + " highest (%s, %.1f req/s)", round, run.scenario(), rate, below * 100,
                            fastest.get().scenario(), highest));
                }
            }
        }
        return lines;
    }

    /**
     * Every run in which a node's JIT compiler took more than {@link NodeFigures#UNSETTLED_COMPILER_SHARE}
     * of its CPU over the steady window, one line each: that CPU is a warm-up's, and how much of it the JIT takes
     * differs from run to run by more than what a scope costs.
     */
    public List<String> unsettledRuns() {
        List<String> lines = new ArrayList<>();
        for (ComparedRun run : runs) {
            if (run instanceof ComparedRun.Measured measured && measured.figures().compilerShare() != null
                    && measured.figures().compilerShare() > NodeFigures.UNSETTLED_COMPILER_SHARE) {
                lines.add(String.format(Locale.ROOT, "round %d: %s: the JIT took %.0f%% of a node's CPU over the"
                                + " steady window", run.round(), run.scenario(),
                        measured.figures().compilerShare() * 100));
            }
        }
        return lines;
    }

    /** The reference is 1 against itself, and the baseline is no variant: neither has a ratio to judge. */
    private static boolean isReferenceOrBaseline(Role role) {
        return role != Role.COMPARED;
    }

    public long broken() {
        return runs.stream().filter(run -> run instanceof ComparedRun.Broke).count();
    }

    /** Runs with the verdict given (PASS, FAIL, INVALID). */
    public long withVerdict(String verdict) {
        return runs.stream().filter(run -> run instanceof ComparedRun.Measured measured
                && measured.figures().verdict().equals(verdict)).count();
    }

    private List<ComparedRun.Measured> measured(String scenario) {
        return runs.stream().filter(run -> run.scenario().equals(scenario))
                .filter(run -> run instanceof ComparedRun.Measured).map(run -> (ComparedRun.Measured) run).toList();
    }

    private Optional<RunFigures> figures(String scenario, int round) {
        return measured(scenario).stream().filter(run -> run.round() == round).map(ComparedRun.Measured::figures)
                .findFirst();
    }

    private static Band band(List<ComparedRun.Measured> runs, ToDoubleFunction<RunFigures> figure) {
        return Band.of(runs.stream().map(run -> figure.applyAsDouble(run.figures())).toList()).orElse(null);
    }
}

package io.replsim.scenario.capacity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Works out a search's answer from every step so far. The limits the fewest failing users broke ({@link StepAnswer})
 * say which measure to fit; for each that rises with the load (the busiest node's CPU, the latency statistic) a
 * line through the valid steps near the boundary says where it reaches its limit, with a 95% interval, and the first
 * limit reached binds. A single step's reading near the limit moves by several points from run to run, and near the
 * limit it moves more than it rises between neighbouring loads: every valid step near the boundary counts, not only
 * the last to pass and the first to fail. When no line can say (a limit with no measure, errors, validity or the
 * machine's cores; too few steps; readings that scatter more than they rise), the answer is the steps' own.
 */
final class CapacityEstimator {

    /** The steps a line is fitted to are within this factor of the boundary on either side. */
    static final double SPAN = 1.5;
    /** Re-centred on its own crossing until it moves less than this share, at most {@link #ROUNDS} times. */
    private static final double SETTLED = 0.05;
    private static final int ROUNDS = 4;
    /**
     * A line whose 95% interval reaches further than this share of its answer on either side says too little to
     * stand for the steps' verdicts: a measure that jumps rather than rises (a p90 of 100 ms, then 2 s), or readings
     * far noisier than they rise.
     */
    static final double WIDEST = 0.20;

    private final CapacityCriteria criteria;

    CapacityEstimator(CapacityCriteria criteria) {
        this.criteria = criteria;
    }

    CapacityEstimate estimate(List<StepOutcome> steps) {
        StepAnswer answer = StepAnswer.of(steps);
        if (!answer.bounded()) {
            return fromSteps(answer, List.of(), "no load failed at least half of its runs");
        }
        List<RisingMeasure> rising = answer.boundLimits().stream().map(RisingMeasure::of).filter(Objects::nonNull)
                .toList();
        if (rising.isEmpty()) {
            return fromSteps(answer, List.of(), String.join(" + ", answer.boundLimits().stream()
                    .map(Limit::name).toList()) + " failed first, and has no measure to fit");
        }
        double center = answer.users() == 0 ? answer.bound() / 2.0 : (answer.users() + answer.bound()) / 2.0;
        List<LimitFit> fits = rising.stream().map(measure -> fit(measure, steps, center)).toList();
        List<LimitFit> unresolved = fits.stream().filter(fit -> !fit.crossed()).toList();
        if (!unresolved.isEmpty()) {
            return fromSteps(answer, fits, String.join("; ", unresolved.stream()
                    .map(fit -> fit.limit().name() + ": " + fit.note()).toList()));
        }
        LimitFit first = fits.stream().min(Comparator.comparingDouble(LimitFit::users)).orElseThrow();
        double low = Math.max(0, fits.stream().mapToDouble(LimitFit::low).min().orElseThrow());
        double high = fits.stream().mapToDouble(LimitFit::high).min().orElseThrow();
        double nextLow = Math.max(0, fits.stream().mapToDouble(LimitFit::nextLow).min().orElseThrow());
        double nextHigh = fits.stream().mapToDouble(LimitFit::nextHigh).min().orElseThrow();
        int discrete = boundOf(steps, step -> step.broken().stream().anyMatch(l -> RisingMeasure.of(l) == null));
        if (discrete > 0 && discrete <= first.users()) {
            return new CapacityEstimate(CapacityEstimate.Method.STEPS, answer.users(), answer.users(), discrete,
                    answer.users(), discrete, limitsAt(steps, discrete), fits, answer, String.format(Locale.ROOT, "%s failed at %,d users,"
                    + " below where the line reaches %s (%,.0f)", String.join(" + ", limitsAt(steps, discrete).stream()
                    .map(Limit::name).toList()), discrete, first.limit().name(), first.users()));
        }
        if ((high - low) / 2 > WIDEST * first.users()) {
            return fromSteps(answer, fits, String.format(Locale.ROOT, "%s's line reaches its limit at %,.0f users,"
                    + " but its 95%% interval, %,.0f-%,.0f, is wider than ±%.0f%%: too wide to stand for the steps",
                    first.limit().name(), first.users(), low, high, WIDEST * 100));
        }
        String capped = discrete > 0 && discrete < high ? String.format(Locale.ROOT, "the interval ends at %,d"
                + " users, where %s failed", discrete, String.join(" + ", limitsAt(steps, discrete).stream()
                .map(Limit::name).toList())) : "";
        double top = capped.isEmpty() ? high : discrete;
        double nextTop = capped.isEmpty() ? nextHigh : Math.min(nextHigh, discrete);
        // the interval's ends in whole users, a rounding error's width inside: a line without scatter gives its point
        return new CapacityEstimate(CapacityEstimate.Method.FIT, onGrid(first.users()), (int) Math.floor(low + 1e-6),
                (int) Math.ceil(top - 1e-6), (int) Math.floor(nextLow + 1e-6), (int) Math.ceil(nextTop - 1e-6),
                List.of(first.limit()), fits, answer, capped);
    }

    /** The load a boundary step should run next to narrow the estimate: its own users, on a grid of 3 digits. */
    static int onGrid(double users) {
        double grid = Math.max(1, Math.pow(10, Math.floor(Math.log10(Math.max(users, 1))) - 2));
        return (int) Math.max(1, Math.round(users / grid) * grid);
    }

    private LimitFit fit(RisingMeasure measure, List<StepOutcome> steps, double boundary) {
        double center = boundary;
        LimitFit fit = null;
        for (int round = 0; round < ROUNDS; round++) {
            fit = fitAround(measure, steps, center);
            if (!fit.crossed() || Math.abs(fit.users() - center) <= SETTLED * center) {
                break;
            }
            center = fit.users();
        }
        return fit;
    }

    private LimitFit fitAround(RisingMeasure measure, List<StepOutcome> steps, double center) {
        List<StepOutcome> near = steps.stream().filter(step -> measure.of(step.measurement(), criteria) != null
                && usable(measure, step) && step.users() >= center / SPAN && step.users() <= center * SPAN).toList();
        long longest = near.stream().mapToLong(step -> step.measurement().window().toMillis()).max().orElse(0);
        List<LinearFit.Point> points = near.stream().map(step -> new LinearFit.Point(step.users(),
                measure.of(step.measurement(), criteria), step.measurement().window().toMillis() / 1000.0,
                step.measurement().window().toMillis() < longest)).toList();
        int from = near.stream().mapToInt(StepOutcome::users).min().orElse(0);
        int to = near.stream().mapToInt(StepOutcome::users).max().orElse(0);
        LinearFit line = LinearFit.of(points);
        if (line == null) {
            return new LimitFit(measure.limit(), points.size(), from, to, null, null, 0, null, null, null, null, null,
                    String.format(Locale.ROOT, "%d valid steps at %d loads within %.1fx of %,.0f users: too few for"
                            + " a line (it needs a step more than the %s it fits, at 2 loads or more)", points.size(),
                            near.stream().mapToInt(StepOutcome::users).distinct().count(), SPAN, center,
                            points.stream().anyMatch(LinearFit.Point::shorter) ? "level, offset and slope"
                                    : "level and slope"));
        }
        // the scatter of a reading over the longest window: a reading of weight w scatters residualSd / √w
        double scatter = line.residualSd() / Math.sqrt(longest / 1000.0);
        double limit = measure.limit(criteria);
        return switch (line.crossing(limit)) {
            case LinearFit.Crossing.Bounded b -> {
                // a's sign alone decides whether a crossing is bounded, and the prediction leaves a alone
                var next = (LinearFit.Crossing.Bounded) line.predictedCrossing(limit, longest / 1000.0);
                yield new LimitFit(measure.limit(), points.size(), from, to, line.slope(), scatter, longest, b.users(),
                        b.low(), b.high(), next.low(), next.high(), "");
            }
            case LinearFit.Crossing.Unbounded u -> new LimitFit(measure.limit(), points.size(), from, to,
                    line.slope(), scatter, longest, Double.isNaN(u.users()) ? null : u.users(), null, null, null, null,
                    String.format(Locale.ROOT, "%s over %d valid steps from %,d to %,d users: %s",
                            measure.noun(criteria), points.size(), from, to, u.why()));
        };
    }

    /**
     * A step whose reading of {@code measure} describes the cluster at its load: valid, within the machine's cores,
     * and for CPU not overloaded, since a node whose queue grows reads its quota, whatever the load.
     */
    private static boolean usable(RisingMeasure measure, StepOutcome step) {
        List<Limit> broken = step.broken();
        if (broken.contains(Limit.VALIDITY) || broken.contains(Limit.MACHINE)) {
            return false;
        }
        return measure != RisingMeasure.CPU || !(broken.contains(Limit.LATENCY) || broken.contains(Limit.ERRORS));
    }

    /** The steps' own answer to {@code steps}, whatever the lines say, with the lines that were fitted. */
    CapacityEstimate fromStepsAlone(List<StepOutcome> steps, List<LimitFit> fits, String why) {
        return fromSteps(StepAnswer.of(steps), fits, why);
    }

    /** The steps' own answer, its interval from it to the fewest users that failed, with the lines that were fitted. */
    private static CapacityEstimate fromSteps(StepAnswer answer, List<LimitFit> fits, String why) {
        int high = answer.bounded() ? answer.bound() : answer.users();
        return new CapacityEstimate(CapacityEstimate.Method.STEPS, answer.users(), answer.users(), high,
                answer.users(), high, answer.boundLimits(), fits, answer, why);
    }

    /** The fewest users at which {@code failing} runs were at least half of the runs; 0 when none. */
    private static int boundOf(List<StepOutcome> steps, Predicate<StepOutcome> failing) {
        return steps.stream().mapToInt(StepOutcome::users).distinct()
                .filter(users -> 2 * steps.stream().filter(s -> s.users() == users && failing.test(s)).count()
                        >= StepAnswer.runsAt(steps, users)).min().orElse(0);
    }

    private static List<Limit> limitsAt(List<StepOutcome> steps, int users) {
        return steps.stream().filter(s -> s.users() == users).flatMap(s -> s.broken().stream()).distinct().sorted()
                .toList();
    }
}

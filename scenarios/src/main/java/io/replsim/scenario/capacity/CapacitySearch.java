package io.replsim.scenario.capacity;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Consumer;

/**
 * The users-sustained search. After the warm-up, steps of the scenario's window multiply the users until one fails
 * and halve the gap until it is within {@link #BRACKET} of the most that passed: that finds the boundary. Then the
 * boundary steps, with longer windows, run where the estimate so far puts the answer (a line through every valid
 * step near the boundary, {@link CapacityEstimator}), until its 95% interval is narrow enough or the plan's boundary
 * steps are spent. Without a line that rises (a limit with no measure, errors or validity; or a flat one), steps
 * bisect to the plan's resolution and confirm the answer by a repeat, with the longer window when CPU binds. A failed step-up is run
 * again and the majority of three decides whether the search climbs on; no other failure is run again, and a load
 * that failed any run is never the answer from the steps (the recheck used to make a load at the limit pass with
 * p + (1 − p)p², 0.625 for 0.5, and be the answer after failing a run).
 */
public final class CapacitySearch {

    /** The boundary steps start once the fewest users that failed are within this factor of the most that passed. */
    static final double BRACKET = 1.25;
    /** A failed step-up is decided by the majority of this many runs. */
    private static final int RUNS_TO_DECIDE = 3;
    private static final int MAJORITY = RUNS_TO_DECIDE / 2 + 1;

    private final SearchPlan plan;
    private final CapacityCriteria criteria;
    private final CapacityEstimator estimator;
    private final LoadStep step;
    private final Consumer<StepOutcome> onStep;
    private final Consumer<CapacityEstimate> onEstimate;
    private final WarmUpPlan warmUpPlan;
    private final LoadStep warmUpStep;
    private final Consumer<WarmUp.Round> onWarmUpRound;
    private final Consumer<WarmUp> onWarmUpDone;
    private final List<StepOutcome> steps = new ArrayList<>();

    /** A search without a warm-up: its first steps run on nodes as they are. */
    public CapacitySearch(SearchPlan plan, CapacityCriteria criteria, LoadStep step, Consumer<StepOutcome> onStep) {
        this(plan, criteria, step, onStep, WarmUpPlan.NONE, step, round -> { });
    }

    public CapacitySearch(SearchPlan plan, CapacityCriteria criteria, LoadStep step, Consumer<StepOutcome> onStep,
                          WarmUpPlan warmUpPlan, LoadStep warmUpStep, Consumer<WarmUp.Round> onWarmUpRound) {
        this(plan, criteria, step, onStep, warmUpPlan, warmUpStep, onWarmUpRound, warmUp -> { });
    }

    public CapacitySearch(SearchPlan plan, CapacityCriteria criteria, LoadStep step, Consumer<StepOutcome> onStep,
                          WarmUpPlan warmUpPlan, LoadStep warmUpStep, Consumer<WarmUp.Round> onWarmUpRound,
                          Consumer<WarmUp> onWarmUpDone) {
        this(plan, criteria, step, onStep, warmUpPlan, warmUpStep, onWarmUpRound, onWarmUpDone, estimate -> { });
    }

    /**
     * @param warmUpStep   runs the warm-up's rounds: the same load as {@code step}, logged apart from the steps
     * @param onWarmUpDone told once the warm-up is over, before the first step
     * @param onEstimate   told the estimate after each boundary step: the search's progress toward its answer
     */
    public CapacitySearch(SearchPlan plan, CapacityCriteria criteria, LoadStep step, Consumer<StepOutcome> onStep,
                          WarmUpPlan warmUpPlan, LoadStep warmUpStep, Consumer<WarmUp.Round> onWarmUpRound,
                          Consumer<WarmUp> onWarmUpDone, Consumer<CapacityEstimate> onEstimate) {
        this.plan = plan;
        this.criteria = criteria;
        this.estimator = new CapacityEstimator(criteria);
        this.step = step;
        this.onStep = onStep;
        this.onEstimate = onEstimate;
        this.warmUpPlan = warmUpPlan;
        this.warmUpStep = warmUpStep;
        this.onWarmUpRound = onWarmUpRound;
        this.onWarmUpDone = onWarmUpDone;
    }

    public CapacityResult run() throws IOException, InterruptedException {
        WarmUp warmUp = warmUp(plan.startUsers());
        onWarmUpDone.accept(warmUp);
        bracket();
        int boundarySteps = 0;
        CapacityEstimate estimate = estimator.estimate(steps);
        while (budgetLeft()) {
            OptionalLoad next = next(estimate, boundarySteps);
            if (next.users().isEmpty()) {
                break;
            }
            // near a CPU boundary the bisections have the longer window too: an 8 s reading there scatters by more
            // than the CPU rises between the loads they compare. Near a latency boundary a longer window holds more
            // of a shared machine's stalls (an open load at 82% of a server's rate failed its 9 s bisections), and
            // the scenario's window decides as it always did
            boolean longer = next.phase() == StepOutcome.Phase.BOUNDARY || estimate.binding().contains(Limit.CPU);
            measure(next.users().get(), next.phase(), longer ? plan.boundaryWindow() : plan.window());
            boundarySteps += next.phase() == StepOutcome.Phase.BOUNDARY ? 1 : 0;
            estimate = estimator.estimate(steps);
            onEstimate.accept(estimate);
        }
        boolean unfinished = !budgetLeft() && next(estimate, boundarySteps).users().isPresent();
        if (unfinished && stepsAnswered(estimate.steps())) {
            // the line's interval had not narrowed when the budget ran out, but the steps' own answer was complete
            estimate = estimator.fromStepsAlone(steps, estimate.fits(), "the step budget ran out before the line's"
                    + " 95% interval narrowed; the answer is the steps' own");
            unfinished = false;
        }
        return new CapacityResult(estimate, nearest(estimate.users()), steps, unfinished, warmUp);
    }

    /**
     * Where the next step after the bracket runs: at the fitted answer to narrow its interval; at a rising line's
     * crossing while its interval is still open; else bisecting and confirming the answer from the steps.
     */
    private OptionalLoad next(CapacityEstimate estimate, int boundarySteps) {
        if (estimate.fitted()) {
            return aimAt(estimate, boundarySteps);
        }
        return boundarySteps < plan.boundary().maxSteps() ? lineOrBisect(estimate)
                : bisectOrConfirm(estimate.steps());
    }

    /** The next boundary load, or none: the search is done. */
    private record OptionalLoad(Optional<Integer> users, StepOutcome.Phase phase) {
        static final OptionalLoad DONE = new OptionalLoad(Optional.empty(), StepOutcome.Phase.BOUNDARY);
    }

    /**
     * Steps of the scenario's window: from the start, multiplied while they pass (or halved while the first ones
     * fail), then bisected until the fewest users that failed are within {@link #BRACKET} of the most that passed.
     * The cap passed, or 1 user failed: nothing to bracket.
     */
    private void bracket() throws IOException, InterruptedException {
        int passed = 0;
        int failed = Integer.MAX_VALUE;
        while (budgetLeft()) {
            int users;
            StepOutcome.Phase phase;
            if (failed == Integer.MAX_VALUE) {
                if (passed >= plan.maxUsers()) {
                    return;
                }
                users = passed == 0 ? plan.startUsers() : plan.grow(passed);
                phase = StepOutcome.Phase.STEP_UP;
            } else if (failed <= 1 || failed <= BRACKET * passed || failed - passed <= 1) {
                return;
            } else {
                users = passed + (failed - passed) / 2;
                phase = StepOutcome.Phase.BISECT;
            }
            if (measure(users, phase, plan.window()).passed() || phase == StepOutcome.Phase.STEP_UP
                    && climbsOn(users)) {
                passed = users;
            } else {
                failed = users;
            }
        }
    }

    /**
     * A failed step-up runs again, up to {@link #RUNS_TO_DECIDE} runs, and the search climbs on when most passed: a
     * step at a load the nodes have not run yet, or one the machine's other tenants starved, fails once and passes
     * after (800 users failed on the driver's validity at the start of a search at load 20 and passed after), and
     * without a recheck that one failure bounded the search at a fifth of its answer. It decides where the search
     * goes, not the answer: a load that failed any run is never the answer ({@link StepAnswer}).
     */
    private boolean climbsOn(int users) throws IOException, InterruptedException {
        while (budgetLeft() && StepAnswer.runsAt(steps, users) - StepAnswer.failuresAt(steps, users) < MAJORITY
                && StepAnswer.failuresAt(steps, users) < MAJORITY) {
            measure(users, StepOutcome.Phase.RECHECK, plan.window());
        }
        return StepAnswer.runsAt(steps, users) - StepAnswer.failuresAt(steps, users) >= MAJORITY;
    }

    /**
     * The estimate's own users, to narrow its interval, until it is narrow enough after the plan's fewest boundary
     * steps, or the most are spent. Kept within twice the most users run, and the cap.
     */
    private OptionalLoad aimAt(CapacityEstimate estimate, int boundarySteps) {
        if (done(estimate, boundarySteps)) {
            return OptionalLoad.DONE;
        }
        int most = steps.stream().mapToInt(StepOutcome::users).max().orElse(plan.startUsers());
        int users = Math.max(1, Math.min(Math.min(plan.maxUsers(), 2 * most), estimate.users()));
        return new OptionalLoad(Optional.of(users), StepOutcome.Phase.BOUNDARY);
    }

    /**
     * A line that rises but whose interval is still open (too few steps near the boundary, or too scattered) still
     * says where it reaches the limit: the next boundary step runs there when that is between the answer from the
     * steps and the fewest users that failed. A line that does not rise says nothing: bisect.
     */
    private OptionalLoad lineOrBisect(CapacityEstimate estimate) {
        StepAnswer answer = estimate.steps();
        OptionalDouble crossing = estimate.fits().stream().map(LimitFit::users).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).min();
        if (crossing.isEmpty() || !answer.bounded()) {
            return bisectOrConfirm(answer);
        }
        int users = CapacityEstimator.onGrid(crossing.getAsDouble());
        // a line that puts the limit outside the steps' own bracket disagrees with them: bisect the bracket instead
        return users > answer.users() && users < answer.bound()
                ? new OptionalLoad(Optional.of(users), StepOutcome.Phase.BOUNDARY) : bisectOrConfirm(answer);
    }

    /** A fitted answer is done after the fewest boundary steps once narrow enough, or after the most. */
    private boolean done(CapacityEstimate estimate, int boundarySteps) {
        return boundarySteps >= plan.boundary().maxSteps()
                || boundarySteps >= plan.boundary().minSteps() && estimate.narrowerThan(plan.boundary().narrowEnough());
    }

    /**
     * Without a line to aim at: halve the gap between the answer from the steps and the fewest users that failed
     * until it is within the plan's resolution, then run the answer again if it ran once: an answer is a load that
     * passed every one of at least two runs.
     */
    private OptionalLoad bisectOrConfirm(StepAnswer answer) {
        if (answer.users() == 0) {
            return answer.bound() > 1 ? new OptionalLoad(Optional.of(answer.bound() / 2), StepOutcome.Phase.BISECT)
                    : OptionalLoad.DONE;
        }
        if (!plan.fineEnough(answer.users(), answer.bound())) {
            return new OptionalLoad(Optional.of(answer.users() + (answer.bound() - answer.users()) / 2),
                    StepOutcome.Phase.BISECT);
        }
        return answer.runs() < 2 ? new OptionalLoad(Optional.of(answer.users()), StepOutcome.Phase.CONFIRM)
                : OptionalLoad.DONE;
    }

    /** Whether the steps' own answer is complete: a load passed twice, within the resolution of the fewest failing. */
    private boolean stepsAnswered(StepAnswer answer) {
        return answer.users() > 0 && answer.bounded() && bisectOrConfirm(answer).users().isEmpty();
    }

    /**
     * Unmeasured rounds at the first step's users until the plan says the nodes are warm: no round is a step, none
     * is judged, none counts against the step budget. A round the nodes could not carry (latency or errors above
     * the limits; a cold node's CPU above its limit is what the warm-up is for) halves the users of the next, and
     * the rounds compared for settling are the ones at the same users.
     */
    private WarmUp warmUp(int firstStepUsers) throws IOException, InterruptedException {
        List<WarmUp.Round> rounds = new ArrayList<>();
        List<Double> busiestAtUsers = new ArrayList<>();
        int users = firstStepUsers;
        boolean settled = warmUpPlan.settled(busiestAtUsers, rounds.size());
        while (!settled && rounds.size() < warmUpPlan.maxRounds()) {
            StepMeasurement measured = warmUpStep.run(users, plan.window());
            boolean overloaded = criteria.overloads(measured);
            WarmUp.Round round = WarmUp.Round.of(rounds.size() + 1, measured, overloaded);
            rounds.add(round);
            onWarmUpRound.accept(round);
            if (overloaded && users > 1) {
                users = users / 2;
                busiestAtUsers.clear();
            } else {
                busiestAtUsers.add(round.maxNodeCpuUtilization());
                settled = warmUpPlan.settled(busiestAtUsers, rounds.size(), round.maxCompilerShare());
            }
        }
        int warmedAt = rounds.isEmpty() ? firstStepUsers : rounds.getLast().users();
        return new WarmUp(firstStepUsers, warmedAt, rounds, settled);
    }

    private boolean budgetLeft() {
        return steps.size() < plan.maxSteps();
    }

    private StepOutcome measure(int users, StepOutcome.Phase phase, java.time.Duration window)
            throws IOException, InterruptedException {
        StepMeasurement measurement = step.run(users, window);
        StepOutcome outcome = new StepOutcome(steps.size() + 1, phase, measurement, criteria.broken(measurement));
        steps.add(outcome);
        onStep.accept(outcome);
        return outcome;
    }

    /** The valid run nearest the answer, its figures the ones reported at capacity; the later of two as near. */
    private Optional<StepOutcome> nearest(int users) {
        if (users == 0) {
            return Optional.empty();
        }
        StepOutcome best = null;
        for (StepOutcome outcome : steps) {
            if (outcome.measurement().valid() && (best == null
                    || Math.abs(outcome.users() - users) <= Math.abs(best.users() - users))) {
                best = outcome;
            }
        }
        return Optional.ofNullable(best);
    }
}

package io.replsim.scenario.capacity;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The users-sustained search: step users up until a step fails, bisect between the most users that passed and the
 * fewest that failed, then run the best passing step again. A step-up's failure is run again at once, up to three
 * runs in all, and the majority decides: the first step at a load the nodes have not seen yet may fail on their
 * compiling and collecting for it in that step's window, and two passes of three send the search up again. (Best of
 * two, as before, let one lucky run of a load near the limit carry the search above it: biased upward.) A failure
 * while bisecting is not run again: the nodes have
 * already run above it, so it is the cluster near its limit, where a CPU figure at 55-65% of the budget passes one
 * run and fails the next; running such loads again only flipped the search up and down until its step budget was
 * spent (20 steps, no answer, on the quickstart). So the capacity is the most users that passed every run below
 * the fewest that failed while the nodes were warm, confirmed by a repeat; a failed confirmation counts as a
 * failure at those users and sends the search below them.
 */
public final class CapacitySearch {

    private static final int NONE_FAILED = Integer.MAX_VALUE;
    /** A step-up's failure is decided by the majority of this many runs. */
    private static final int RUNS_TO_DECIDE = 3;
    private static final int MAJORITY = RUNS_TO_DECIDE / 2 + 1;

    private final SearchPlan plan;
    private final CapacityCriteria criteria;
    private final LoadStep step;
    private final Consumer<StepOutcome> onStep;
    private final WarmUpPlan warmUpPlan;
    private final LoadStep warmUpStep;
    private final Consumer<WarmUp.Round> onWarmUpRound;
    private final Consumer<WarmUp> onWarmUpDone;
    private final List<StepOutcome> steps = new ArrayList<>();
    private WarmUp warmUp = WarmUp.NONE;

    /** A search without a warm-up: its first steps run on nodes as they are. */
    public CapacitySearch(SearchPlan plan, CapacityCriteria criteria, LoadStep step, Consumer<StepOutcome> onStep) {
        this(plan, criteria, step, onStep, WarmUpPlan.NONE, step, round -> { });
    }

    public CapacitySearch(SearchPlan plan, CapacityCriteria criteria, LoadStep step, Consumer<StepOutcome> onStep,
                          WarmUpPlan warmUpPlan, LoadStep warmUpStep, Consumer<WarmUp.Round> onWarmUpRound) {
        this(plan, criteria, step, onStep, warmUpPlan, warmUpStep, onWarmUpRound, warmUp -> { });
    }

    /**
     * @param warmUpStep   runs the warm-up's rounds: the same load as {@code step}, logged apart from the steps
     * @param onWarmUpDone told once the warm-up is over, before the first step
     */
    public CapacitySearch(SearchPlan plan, CapacityCriteria criteria, LoadStep step, Consumer<StepOutcome> onStep,
                          WarmUpPlan warmUpPlan, LoadStep warmUpStep, Consumer<WarmUp.Round> onWarmUpRound,
                          Consumer<WarmUp> onWarmUpDone) {
        this.plan = plan;
        this.criteria = criteria;
        this.step = step;
        this.onStep = onStep;
        this.warmUpPlan = warmUpPlan;
        this.warmUpStep = warmUpStep;
        this.onWarmUpRound = onWarmUpRound;
        this.onWarmUpDone = onWarmUpDone;
    }

    public CapacityResult run() throws IOException, InterruptedException {
        warmUp = warmUp(plan.startUsers());
        onWarmUpDone.accept(warmUp);
        int passed = 0;
        int failed = NONE_FAILED;
        while (budgetLeft()) {
            if (failed == NONE_FAILED && passed < plan.maxUsers()) {
                int users = passed == 0 ? plan.startUsers() : plan.grow(passed);
                if (measure(users, StepOutcome.Phase.STEP_UP).passed()) {
                    passed = users;
                } else {
                    failed = users;
                }
            } else if (failed != NONE_FAILED && stepUpFailedAt(failed) && undecided(failed)) {
                measure(failed, StepOutcome.Phase.RECHECK);
                if (passesAt(failed) >= MAJORITY) {
                    // a step-up is the most users run so far: nothing above it has failed, so the climb goes on
                    passed = failed;
                    failed = NONE_FAILED;
                }
            } else if (failed != NONE_FAILED && !plan.fineEnough(passed, failed)) {
                int middle = passed + (failed - passed) / 2;
                if (measure(middle, StepOutcome.Phase.BISECT).passed()) {
                    passed = middle;
                } else {
                    failed = middle;
                }
            } else if (passed == 0) {
                break;
            } else {
                StepOutcome confirmation = measure(passed, StepOutcome.Phase.CONFIRM);
                if (confirmation.passed()) {
                    return new CapacityResult(passed, Optional.of(confirmation), bindingAt(failed), steps, false, warmUp);
                }
                failed = passed;
                passed = mostPassedBelow(failed);
            }
        }
        return new CapacityResult(0, Optional.empty(), bindingAt(failed), steps, !budgetLeft(), warmUp);
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
            StepMeasurement measured = warmUpStep.run(users);
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

    /** Only a step-up's own failure is run again, not a failed confirmation of a load that once passed going up. */
    private boolean stepUpFailedAt(int users) {
        return steps.stream().anyMatch(o -> o.users() == users && o.phase() == StepOutcome.Phase.STEP_UP
                && !o.passed());
    }

    /** Neither passes nor failures at {@code users} are a majority of {@link #RUNS_TO_DECIDE} yet. */
    private boolean undecided(int users) {
        long passes = passesAt(users);
        long failures = steps.stream().filter(o -> o.users() == users && !o.passed()).count();
        return passes < MAJORITY && failures < MAJORITY;
    }

    private long passesAt(int users) {
        return steps.stream().filter(o -> o.users() == users && o.passed()).count();
    }

    private boolean budgetLeft() {
        return steps.size() < plan.maxSteps();
    }

    private StepOutcome measure(int users, StepOutcome.Phase phase) throws IOException, InterruptedException {
        StepMeasurement measurement = step.run(users);
        StepOutcome outcome = new StepOutcome(steps.size() + 1, phase, measurement, criteria.broken(measurement));
        steps.add(outcome);
        onStep.accept(outcome);
        return outcome;
    }

    /** The most users below {@code ceiling} that passed every time they ran. */
    private int mostPassedBelow(int ceiling) {
        return steps.stream().filter(o -> o.users() < ceiling)
                .filter(o -> steps.stream().noneMatch(other -> other.users() == o.users() && !other.passed()))
                .mapToInt(StepOutcome::users).max().orElse(0);
    }

    private List<Limit> bindingAt(int failed) {
        Set<Limit> limits = EnumSet.noneOf(Limit.class);
        steps.stream().filter(o -> o.users() == failed).forEach(o -> limits.addAll(o.broken()));
        return List.copyOf(limits);
    }
}

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
 * fewest that failed, then run the best passing step again. A failed confirmation counts as a failure at those
 * users and the search goes on below them, so a lucky step cannot set the capacity.
 */
public final class CapacitySearch {

    private final SearchPlan plan;
    private final CapacityCriteria criteria;
    private final LoadStep step;
    private final Consumer<StepOutcome> onStep;
    private final List<StepOutcome> steps = new ArrayList<>();

    public CapacitySearch(SearchPlan plan, CapacityCriteria criteria, LoadStep step, Consumer<StepOutcome> onStep) {
        this.plan = plan;
        this.criteria = criteria;
        this.step = step;
        this.onStep = onStep;
    }

    public CapacityResult run() throws IOException, InterruptedException {
        int passed = 0;
        int failed = Integer.MAX_VALUE;
        for (int users = plan.startUsers(); budgetLeft(); users = plan.grow(users)) {
            if (!measure(users, StepOutcome.Phase.STEP_UP).passed()) {
                failed = users;
                break;
            }
            passed = users;
            if (users >= plan.maxUsers()) {
                break;
            }
        }
        while (budgetLeft()) {
            while (failed != Integer.MAX_VALUE && !plan.fineEnough(passed, failed) && budgetLeft()) {
                int middle = passed + (failed - passed) / 2;
                if (measure(middle, StepOutcome.Phase.BISECT).passed()) {
                    passed = middle;
                } else {
                    failed = middle;
                }
            }
            if (passed == 0 || !budgetLeft()) {
                break;
            }
            StepOutcome confirmation = measure(passed, StepOutcome.Phase.CONFIRM);
            if (confirmation.passed()) {
                return new CapacityResult(passed, Optional.of(confirmation), bindingAt(failed), steps, false);
            }
            failed = passed;
            passed = mostPassedBelow(failed);
        }
        return new CapacityResult(0, Optional.empty(), bindingAt(failed), steps, !budgetLeft());
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

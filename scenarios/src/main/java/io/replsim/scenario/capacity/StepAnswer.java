package io.replsim.scenario.capacity;

import java.util.List;

/**
 * The answer from the steps' verdicts alone: the most users that passed <em>every</em> run of theirs, below the
 * fewest users that failed at least half of theirs. A load that failed any run is never the answer, so a load at the
 * limit, which passes a run with some probability p, is answered only when all of its m runs passed (p^m), never more
 * often than a search that runs every load once would answer it (p); a failure over a shorter window below a load
 * that passed over the longest window does not count ({@link #withoutOverruledFailures}).
 *
 * @param users        the answer; 0 when no load passed every run below the bound
 * @param runs         how many runs the answer had, every one passed
 * @param bound        the fewest users that failed at least half their runs; 0 when none did
 * @param boundFailed  how many runs failed there
 * @param boundRuns    how many runs there were there
 * @param boundLimits  the limits those runs broke: the binding limits of a search answered from its steps
 */
public record StepAnswer(int users, int runs, int bound, int boundFailed, int boundRuns, List<Limit> boundLimits) {

    public StepAnswer {
        boundLimits = List.copyOf(boundLimits);
    }

    public static StepAnswer of(List<StepOutcome> all) {
        List<StepOutcome> steps = withoutOverruledFailures(all);
        int bound = steps.stream().mapToInt(StepOutcome::users).distinct()
                .filter(users -> 2 * failuresAt(steps, users) >= runsAt(steps, users)).min().orElse(0);
        int users = steps.stream().mapToInt(StepOutcome::users).distinct()
                .filter(u -> bound == 0 || u < bound).filter(u -> failuresAt(steps, u) == 0).max().orElse(0);
        List<Limit> limits = bound == 0 ? List.of() : steps.stream().filter(s -> s.users() == bound)
                .flatMap(s -> s.broken().stream()).distinct().sorted().toList();
        return new StepAnswer(users, users == 0 ? 0 : runsAt(steps, users), bound,
                bound == 0 ? 0 : failuresAt(steps, bound), bound == 0 ? 0 : runsAt(steps, bound), limits);
    }

    /**
     * The steps less every failure over a shorter window than the longest that a pass over the longest window at
     * more users overrules: capacity falls as the load rises, and a longer window's verdict moves less between runs
     * (on a machine at load 5-20 a 3 s step at 100 users failed on latency where 111 then passed its 9 s boundary
     * step, and that one short failure bounded the steps' answer at 97).
     */
    static List<StepOutcome> withoutOverruledFailures(List<StepOutcome> steps) {
        long longest = steps.stream().mapToLong(StepAnswer::windowMs).max().orElse(0);
        int mostPassedLongest = steps.stream().filter(s -> s.passed() && windowMs(s) == longest)
                .mapToInt(StepOutcome::users).max().orElse(0);
        return steps.stream().filter(s -> s.passed() || windowMs(s) == longest || s.users() >= mostPassedLongest)
                .toList();
    }

    private static long windowMs(StepOutcome step) {
        return step.measurement().window().toMillis();
    }

    /** Whether some load failed at least half of its runs: without one the search never found a limit. */
    public boolean bounded() {
        return bound > 0;
    }

    static int runsAt(List<StepOutcome> steps, int users) {
        return (int) steps.stream().filter(s -> s.users() == users).count();
    }

    static int failuresAt(List<StepOutcome> steps, int users) {
        return (int) steps.stream().filter(s -> s.users() == users && !s.passed()).count();
    }
}

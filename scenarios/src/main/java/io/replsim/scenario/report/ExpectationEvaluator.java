package io.replsim.scenario.report;

import io.replsim.scenario.spec.FaultExpectation;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/** Holds one fault's own expectations against that fault's figures. */
public final class ExpectationEvaluator {

    private ExpectationEvaluator() {
    }

    /**
     * @param unreplicated the oracle's users for {@code lost: owner-and-backups-dead}; asked only when expected
     */
    public static List<CheckOutcome> hold(int place, FaultReport fault, List<FaultExpectation> expect,
                                          Supplier<Optional<UnreplicatedSessions>> unreplicated) {
        String prefix = "fault " + (place + 1) + " (" + fault.type() + " " + fault.node() + "): ";
        FaultAttribution attributed = fault.attributed();
        return expect.stream().map(expectation -> {
            CheckOutcome outcome = switch (expectation) {
                case FaultExpectation.Bound bound -> CheckEvaluator.evaluateFor(bound.check(), fault);
                case FaultExpectation.MaxLost lost -> attributed == null
                        ? new CheckOutcome("sessions lost in its window", "≤ " + lost.max(), "not measured", false)
                        : new CheckOutcome("sessions lost in its window", "≤ " + lost.max(),
                                Long.toString(attributed.sessionsLost()), attributed.sessionsLost() <= lost.max());
                case FaultExpectation.MaxStale stale -> attributed == null
                        ? new CheckOutcome("sessions stale in its window", "≤ " + stale.max(), "not measured", false)
                        : new CheckOutcome("sessions stale in its window", "≤ " + stale.max(),
                                Long.toString(attributed.sessionsStale()), attributed.sessionsStale() <= stale.max());
                case FaultExpectation.LostExactlyUnreplicated ignored -> exactLoss(attributed, unreplicated.get());
            };
            return new CheckOutcome(prefix + outcome.check(), outcome.limit(), outcome.actual(), outcome.passed());
        }).toList();
    }

    /**
     * Holds when every certainly unreplicated session was lost and nothing else was, the undecided ones (a user
     * who tried again in a double kill's gap) counting either way.
     */
    private static CheckOutcome exactLoss(FaultAttribution attributed, Optional<UnreplicatedSessions> expected) {
        String name = "sessions lost in its window";
        if (attributed == null || expected.isEmpty()) {
            return new CheckOutcome(name, "= those whose owner and backups died", "not measured (no view recorded"
                    + " before the fault)", false);
        }
        List<Integer> lost = expected.get().lost();
        List<Integer> undecided = expected.get().undecided();
        List<Integer> actual = attributed.lostUsers();
        boolean holds = actual.containsAll(lost)
                && actual.stream().allMatch(user -> lost.contains(user) || undecided.contains(user))
                && attributed.sessionsLost() == actual.size();
        String limit = "= those whose owner and backups died: " + lost.size() + users(lost)
                + (undecided.isEmpty() ? "" : ", and any of " + undecided.size() + users(undecided)
                        + " who tried again before the last copy died");
        return new CheckOutcome(name, limit, attributed.sessionsLost() + users(actual), holds);
    }

    private static String users(List<Integer> users) {
        if (users.isEmpty()) {
            return "";
        }
        List<String> shown = users.stream().limit(12).map(String::valueOf).toList();
        return " (users " + String.join(", ", shown) + (users.size() > 12 ? ", ..." : "") + ")";
    }
}

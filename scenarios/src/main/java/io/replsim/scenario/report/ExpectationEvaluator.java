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
                                          Supplier<Optional<List<Integer>>> unreplicated) {
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

    private static CheckOutcome exactLoss(FaultAttribution attributed, Optional<List<Integer>> expected) {
        String name = "sessions lost in its window";
        if (attributed == null || expected.isEmpty()) {
            return new CheckOutcome(name, "= those whose owner and backups died", "not measured (no view recorded"
                    + " before the fault)", false);
        }
        return new CheckOutcome(name, "= those whose owner and backups died: " + expected.get().size()
                + users(expected.get()), attributed.lostUsers().size() + users(attributed.lostUsers()),
                attributed.lostUsers().equals(expected.get()) && attributed.sessionsLost() == expected.get().size());
    }

    private static String users(List<Integer> users) {
        if (users.isEmpty()) {
            return "";
        }
        List<String> shown = users.stream().limit(12).map(String::valueOf).toList();
        return " (users " + String.join(", ", shown) + (users.size() > 12 ? ", ..." : "") + ")";
    }
}

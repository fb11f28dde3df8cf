package io.replsim.scenario.spec;

import java.util.List;

/**
 * What a scenario with tabs ({@code load.tabs} above 1) may not ask of the users' serial oracle: it judges none of
 * their sessions (docs/drills.md, "Tabs"), so a check or a fault's expectation that counts its LOST or STALE
 * sessions would pass on zero of nothing. Each is refused at its path, pointing at the history's checks instead.
 */
final class TabsVerdicts {
    private static final String INSTEAD = "use checks.maxAnomalies (lostUpdate, readYourWritesViolated, ...), which"
            + " the history's checker counts";

    private TabsVerdicts() {
    }

    static void refuse(int tabs, List<Check> checks, MapReader checksSection,
                       List<FaultExpectation.OfFault> expectations, Problems problems) {
        if (tabs <= 1) {
            return;
        }
        String why = " with load.tabs " + tabs + ": it counts the verdicts of the users' serial oracle, which judges"
                + " none of the tabs' overlapping requests; ";
        for (Check check : checks) {
            if (check instanceof Check.MaxSessionsLost || check instanceof Check.MaxSessionsStale) {
                String key = check instanceof Check.MaxSessionsLost ? "maxSessionsLost" : "maxSessionsStale";
                checksSection.problemWith(key, "no " + key + why + INSTEAD);
            }
        }
        for (FaultExpectation.OfFault ofFault : expectations) {
            for (FaultExpectation expectation : ofFault.expect()) {
                String key = switch (expectation) {
                    case FaultExpectation.MaxLost lost -> "maxLost";
                    case FaultExpectation.MaxStale stale -> "maxStale";
                    case FaultExpectation.LostExactlyUnreplicated exactly -> "lost";
                    case FaultExpectation.Bound bound -> null;
                };
                if (key != null) {
                    problems.add("faults[" + ofFault.fault() + "].expect." + key, null, "no " + key + why + INSTEAD);
                }
            }
        }
    }
}

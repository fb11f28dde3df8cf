package io.replsim.scenario.report;

import io.replsim.scenario.fault.FaultEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * What makes a run's faults measure nothing, as reasons for an INVALID verdict: a fault that failed (its command
 * exited non-zero, its node did not answer) or never started because the load ended first, one the load's end
 * caught before it was done (a restart whose node was not yet back), and one whose effect nothing read back showed.
 * Such a run did not play the faults its scenario names, whatever its figures say.
 */
final class UnconfirmedFaults {
    private static final String RESTART = "restart";

    private UnconfirmedFaults() {
    }

    static List<String> reasons(List<FaultReport> faults, List<FaultEvent> events) {
        List<String> reasons = new ArrayList<>();
        for (FaultEvent failed : events) {
            if (failed.phase() == FaultEvent.Phase.FAILED) {
                reasons.add(String.format(java.util.Locale.ROOT, "fault %s did not happen: %s; the run did not play"
                        + " it", number(failed.fault()), failed.detail()));
            }
        }
        for (FaultReport fault : faults) {
            if (fault.unfinished() != null) {
                reasons.add(String.format(java.util.Locale.ROOT, "fault %s (%s %s at %s) did not complete: %s (read"
                                + " back %s); its figures are not measured: lengthen the load (load.duration) past the"
                                + " fault's end, or shorten what the fault waits for%s", number(fault.fault()),
                        fault.type(), fault.node().isEmpty() ? fault.target() : fault.node(),
                        CheckEvaluator.millis(fault.atMs()), fault.unfinished(), fault.evidence().seen(),
                        RESTART.equals(fault.type()) ? " (a restart waits until its node is back; with --target, until"
                                + " the restart command returns)" : ""));
            } else if (!fault.confirmed()) {
                reasons.add(String.format(java.util.Locale.ROOT, "fault %s (%s %s at %s) is not confirmed: %s; its"
                                + " figures are not measured", number(fault.fault()), fault.type(), fault.node(),
                        CheckEvaluator.millis(fault.atMs()), fault.evidence().seen()));
            }
        }
        return reasons;
    }

    private static String number(int fault) {
        return fault < 0 ? "?" : Integer.toString(fault + 1);
    }
}

package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.fault.FaultEvent;
import io.replsim.scenario.fault.FaultEvidence;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A fault the load's end caught before it was done, as the report shows it: a fault of its own, and no PASS. */
class UnfinishedFaultReportTest {
    private static final long STRUCK = 1_000_000L;
    private static final FaultEvent RESTART = new FaultEvent(FaultEvent.Phase.START, "restart", "node1",
            List.of("node1"), "node1", "", 8_000, STRUCK, 0, STRUCK, FaultEvidence.unconfirmed("confirmed so far:"
            + " node1 seen gone; not done: the load ended before its restart was"));
    private static final FaultEvent UNFINISHED = FaultEvent.unfinished(RESTART, "the load ended 3.00 s after it"
            + " struck, while its restart of node1 was still under way (node1 not yet back)", 11_000, STRUCK + 3_000);

    @Test
    void itIsReportedWithWhatItWaitedForAndIsNotConfirmed() {
        FaultReport report = FailoverAnalysis.analyse(RESTART, Optional.of(UNFINISHED), List.of(), Map.of(), Set.of());

        assertThat(report.type()).isEqualTo("restart");
        assertThat(report.node()).isEqualTo("node1");
        assertThat(report.atMs()).isEqualTo(8_000);
        assertThat(report.unfinished()).isEqualTo(UNFINISHED.detail());
        assertThat(report.evidence().seen()).isEqualTo("right after it: confirmed so far: node1 seen gone; not done:"
                + " the load ended before its restart was");
        assertThat(report.confirmed()).isFalse();
        assertThat(report.healedAtMs()).isNull();
    }

    @Test
    void aFaultDoneWithinTheLoadIsNotUnfinished() {
        FaultReport report = FailoverAnalysis.analyse(RESTART, Optional.empty(), List.of(), Map.of(), Set.of());

        assertThat(report.unfinished()).isNull();
    }

    @Test
    void itMakesTheRunInvalidNamingWhatItWaitedForHowLongAndWhatToDo() {
        FaultReport report = FailoverAnalysis.analyse(RESTART, Optional.of(UNFINISHED), List.of(), Map.of(), Set.of())
                .notMeasured();

        assertThat(UnconfirmedFaults.reasons(List.of(report), List.of(RESTART, UNFINISHED))).containsExactly(
                "fault 1 (restart node1 at 8.00 s) did not complete: the load ended 3.00 s after it struck, while its"
                        + " restart of node1 was still under way (node1 not yet back) (read back right after it:"
                        + " confirmed so far: node1 seen gone; not done: the load ended before its restart was); its"
                        + " figures are not measured:"
                        + " lengthen the load (load.duration) past the fault's end, or shorten what the fault waits"
                        + " for (a restart waits until its node is back; with --target, until the restart command"
                        + " returns)");
    }

    @Test
    void itIsNotMeasuredEvenWhenWhatWasReadSoFarWasConfirmed() {
        FaultEvent seenGone = new FaultEvent(FaultEvent.Phase.START, "kill", "node1", List.of("node1"), "node1", "",
                8_000, STRUCK, 0, STRUCK, FaultEvidence.confirmed("node1 gone"));
        FaultEvent cut = FaultEvent.unfinished(seenGone, "the load ended 0.50 s after it struck, while ...", 8_500,
                STRUCK + 500);

        assertThat(FailoverAnalysis.analyse(seenGone, Optional.of(cut), List.of(), Map.of(), Set.of()).confirmed()).isFalse();
    }
}

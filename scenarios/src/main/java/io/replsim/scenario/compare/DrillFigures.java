package io.replsim.scenario.compare;

import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.report.RunSummary;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * What a comparison reads from one run whose scenario carries faults: its sessions by verdict (null when the serial
 * oracle did not judge them: tabs), and over its faults the slowest of each: the time to the new view (the last
 * survivor's view without the fault's nodes), the failover (the last affected user served again elsewhere) and the
 * p99 in the fault's window. The slowest, not the mean: a drill asks how long the worst fault took. A time is null
 * when no fault of the run measured it (a fault with no view change, one not confirmed, users never served again).
 */
public record DrillFigures(RunSummary.Verdicts sessions, Long viewChangeMs, Long failoverMs, Double p99FaultWindowMs) {

    /** A run's drill figures, read from its summary; empty when its scenario carried no fault. */
    public static Optional<DrillFigures> of(RunSummary summary) {
        List<FaultReport> faults = summary.faults() == null ? List.of() : summary.faults();
        if (faults.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new DrillFigures(summary.sessionsJudged() ? summary.sessions() : null,
                slowest(faults, FaultReport::viewChangeMs), slowest(faults, FaultReport::failoverMs),
                slowest(faults, fault -> fault.impact() == null ? null : fault.impact().p99WindowMs())));
    }

    private static <T extends Comparable<T>> T slowest(List<FaultReport> faults, Function<FaultReport, T> figure) {
        return faults.stream().map(figure).filter(Objects::nonNull).max(Comparator.naturalOrder()).orElse(null);
    }
}

package io.replsim.scenario.compare;

import io.replsim.scenario.report.RunSummary;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A scenario's drill figures over a comparison's rounds, each as its band: the sessions by verdict, the time to the
 * new view, the failover (the last user served again) and the p99 in the fault window. {@code faulted}: the runs that
 * gave drill figures; none means the scenario carried no fault, which {@code note} says ("no fault"), so a reader of
 * compare.json tells it from a figure not measured (a band null in a faulted run).
 */
public record DrillBands(int faulted, String note, Band sessionsOk, Band sessionsStale, Band sessionsLost,
                         Band sessionsCorrupt, Band sessionsFailed, Band viewChangeMs, Band failoverMs,
                         Band p99FaultWindowMs) {

    public static final String NO_FAULT = "no fault";

    /** The bands of the drill figures of {@code runs}, one per run measured (null: that run had no fault). */
    public static DrillBands of(List<DrillFigures> runs) {
        List<DrillFigures> drills = runs.stream().filter(Objects::nonNull).toList();
        return new DrillBands(drills.size(), drills.isEmpty() ? NO_FAULT : null,
                sessions(drills, RunSummary.Verdicts::ok), sessions(drills, RunSummary.Verdicts::stale),
                sessions(drills, RunSummary.Verdicts::lost), sessions(drills, RunSummary.Verdicts::corrupt),
                sessions(drills, RunSummary.Verdicts::failed),
                band(drills, drill -> drill.viewChangeMs() == null ? null : drill.viewChangeMs().doubleValue()),
                band(drills, drill -> drill.failoverMs() == null ? null : drill.failoverMs().doubleValue()),
                band(drills, DrillFigures::p99FaultWindowMs));
    }

    public boolean carriedFaults() {
        return faulted > 0;
    }

    private static Band sessions(List<DrillFigures> drills, Function<RunSummary.Verdicts, Long> verdict) {
        return band(drills, drill -> drill.sessions() == null ? null : verdict.apply(drill.sessions()).doubleValue());
    }

    private static Band band(List<DrillFigures> drills, Function<DrillFigures, Double> figure) {
        return Band.of(drills.stream().map(figure).filter(Objects::nonNull).toList()).orElse(null);
    }
}

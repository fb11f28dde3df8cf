package io.replsim.scenario.report;

import java.util.List;

/**
 * What a fault did to the service, measured in a window after it against the stretch just before it. Times are ms
 * after the start of the load; utilizations are fractions of a node's CPU budget. A figure is null when its window
 * held no data (a fault in the ramp-up has no "before").
 *
 * @param windowFromMs            the fault
 * @param windowToMs              10 s after it, or 5 s after its heal or its last failover if later; never past
 *                                the end of the load
 * @param errors                  failed attempts in the window
 * @param throughputBefore        requests per second before the fault
 * @param lowestThroughput        the slowest second of the window
 * @param throughputDip           1 - lowest / before
 * @param p90BackUnderBoundAfterMs from the fault to the end of the window's last second whose p90 was above the
 *                                bound, when a second with answers under the bound followed it; 0 when none was
 *                                above; null when it never came back (then {@code p90NeverBackUnderBound}) or the
 *                                window held no log interval
 * @param p90NeverBackUnderBound  p90 was still above the bound at the end of the window, or nothing was answered in
 *                                it: the service did not recover within the window
 * @param predictedSurvivorUtilization what the survivors should carry if the load spreads evenly: u·N/(N−1)
 */
public record FaultImpact(long windowFromMs, long windowToMs, long errors, Double throughputBefore,
                          Double lowestThroughput, Double throughputDip, Double p99BeforeMs, Double maxBeforeMs,
                          Double p99WindowMs, Double maxWindowMs, double p90BoundMs, Long p90BackUnderBoundAfterMs,
                          boolean p90NeverBackUnderBound,
                          List<SurvivorCpu> survivorCpu, Double utilizationBefore, Double predictedSurvivorUtilization,
                          double cpuCeiling) {

    public FaultImpact {
        survivorCpu = List.copyOf(survivorCpu);
    }

    /** A survivor's CPU against its budget before the fault and from its new view to the end of the window. */
    public record SurvivorCpu(String node, Double utilizationBefore, Double utilizationAfter) {}
}

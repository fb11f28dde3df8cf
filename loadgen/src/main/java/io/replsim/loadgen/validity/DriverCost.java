package io.replsim.loadgen.validity;

import java.time.Duration;

/**
 * What the driver's own JVM spent over the steady window.
 *
 * @param cpuCores       process CPU time over wall time: cores used on average
 * @param availableCores {@link Runtime#availableProcessors()}, which honours container limits
 * @param gcPauseTotal   stop-the-world collector time in the window (concurrent cycles left out)
 * @param gcPauseMax     the longest single pause in the window
 */
public record DriverCost(double cpuCores, int availableCores, Duration gcPauseTotal, Duration gcPauseMax,
                         long gcPauses) {

    public static final DriverCost UNMEASURED = new DriverCost(0, Runtime.getRuntime().availableProcessors(),
            Duration.ZERO, Duration.ZERO, 0);

    /** The share of the cores available that the driver used, 0..1. */
    public double cpuShare() {
        return availableCores == 0 ? 0 : cpuCores / availableCores;
    }
}

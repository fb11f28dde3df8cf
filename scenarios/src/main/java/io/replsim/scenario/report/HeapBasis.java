package io.replsim.scenario.report;

import java.util.Locale;

/** What a {@link HeapTrend}'s minute floors were read from. */
public enum HeapBasis {
    /**
     * The least heap after a collection the node itself chose in each minute: an upper bound of the live data, since
     * young collections leave promoted garbage in the old generation until a concurrent cycle runs.
     */
    FLOOR_AFTER_ANY_GC,
    /** The heap left by a full collection the runner asked for ({@code cluster.fullGcEvery}): the live data. */
    AFTER_FULL_GC;

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}

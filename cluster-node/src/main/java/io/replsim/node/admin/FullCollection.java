package io.replsim.node.admin;

import java.lang.management.ManagementFactory;

/**
 * What {@code POST /admin/gc} answers after a full collection: the heap still in use is the live data, with no
 * garbage an incremental collector left for later. A long run asks for one now and then, so that the heap trend
 * it reports follows what the node keeps rather than when the collector last got round to the old generation.
 *
 * @param uptimeMs       the node process's age, which tells a restarted node's readings from its first life's
 * @param heapAfterBytes the heap in use once the collection ended
 * @param tookMs         how long the collection stopped the node
 */
public record FullCollection(long atEpochMs, long uptimeMs, long heapAfterBytes, long tookMs) {

    static FullCollection now() {
        long start = System.nanoTime();
        // The node runs with G1 and without ExplicitGCInvokesConcurrent, so this is a full, stop-the-world collection.
        System.gc();
        long tookMs = (System.nanoTime() - start) / 1_000_000;
        return new FullCollection(System.currentTimeMillis(), ManagementFactory.getRuntimeMXBean().getUptime(),
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(), tookMs);
    }
}

package io.replsim.node.stats;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;

/**
 * Reads this JVM's heap for the stats. The heap after the last collection is the figure a leak shows in: the heap
 * in use now swings with every allocation burst, the live data left after a GC only grows when something is kept.
 * It is read from the pools' collection usage, so nothing is registered that would outlive a node in a shared JVM.
 */
final class HeapReading {

    private HeapReading() {
    }

    static NodeStatsReport.Memory now() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        long afterGc = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage usage = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            if (usage != null) {
                afterGc += usage.getUsed();
            }
        }
        long collections = 0;
        long collectionMs = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            collections += Math.max(0, gc.getCollectionCount());
            collectionMs += Math.max(0, gc.getCollectionTime());
        }
        return new NodeStatsReport.Memory(heap.getUsed(), heap.getMax(), collections > 0 ? afterGc : -1, collections,
                collectionMs);
    }
}

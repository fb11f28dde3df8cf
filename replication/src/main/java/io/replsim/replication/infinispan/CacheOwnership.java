package io.replsim.replication.infinispan;

import io.replsim.replication.session.SessionCounts;
import org.infinispan.AdvancedCache;
import org.infinispan.container.entries.InternalCacheEntry;
import org.infinispan.distribution.LocalizedCacheTopology;

/**
 * What this member holds, by the consistent hash: a session is owned here when this member is its primary owner,
 * backed up when it is another owner. Sampled from the local data container, without locks or remote calls.
 */
final class CacheOwnership {
    private final AdvancedCache<String, byte[]> cache;

    CacheOwnership(AdvancedCache<String, byte[]> cache) {
        this.cache = cache;
    }

    SessionCounts counts() {
        LocalizedCacheTopology topology = cache.getDistributionManager().getCacheTopology();
        int owned = 0;
        int backup = 0;
        for (InternalCacheEntry<String, byte[]> entry : cache.getDataContainer()) {
            if (SessionKeys.isSession(entry.getKey())) {
                if (topology.getDistribution(entry.getKey()).isPrimary()) {
                    owned++;
                } else {
                    backup++;
                }
            }
        }
        return new SessionCounts(owned, backup);
    }

    boolean holds(String key) {
        return cache.getDataContainer().peek(key) != null;
    }

    /** The bytes of every entry held here for sessions another member is primary owner of: what backups cost. */
    long backupBytes() {
        LocalizedCacheTopology topology = cache.getDistributionManager().getCacheTopology();
        long bytes = 0;
        for (InternalCacheEntry<String, byte[]> entry : cache.getDataContainer()) {
            if (!topology.getDistribution(entry.getKey()).isPrimary() && entry.getValue() != null) {
                bytes += entry.getKey().length() + entry.getValue().length;
            }
        }
        return bytes;
    }
}

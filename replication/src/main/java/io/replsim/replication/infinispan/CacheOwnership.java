package io.replsim.replication.infinispan;

import io.replsim.replication.session.SessionCounts;
import org.infinispan.AdvancedCache;
import org.infinispan.context.Flag;
import org.infinispan.distribution.LocalizedCacheTopology;
import org.infinispan.topology.CacheTopology;

import java.util.Map;

/**
 * What this member holds, by the consistent hash: a session is owned here when this member is its primary owner,
 * backed up when it is another owner. Sampled from this member's own entries (never a remote call), through the
 * cache API so that entries come back as the keys and bytes written, whatever form the data container keeps.
 */
final class CacheOwnership {
    private final AdvancedCache<String, byte[]> local;

    CacheOwnership(AdvancedCache<String, byte[]> cache) {
        this.local = cache.withFlags(Flag.CACHE_MODE_LOCAL, Flag.SKIP_CACHE_LOAD, Flag.SKIP_STATISTICS);
    }

    SessionCounts counts() {
        LocalizedCacheTopology topology = local.getDistributionManager().getCacheTopology();
        int owned = 0;
        int backup = 0;
        for (String key : local.keySet()) {
            if (SessionKeys.isSession(key)) {
                if (topology.getDistribution(key).isPrimary()) {
                    owned++;
                } else {
                    backup++;
                }
            }
        }
        return new SessionCounts(owned, backup);
    }

    /** True once the cache's topology has {@code members} members and no rebalance moves entries any more. */
    boolean settledOn(int members) {
        CacheTopology topology = local.getDistributionManager().getCacheTopology();
        return topology.getPhase() == CacheTopology.Phase.NO_REBALANCE && topology.getMembers().size() == members;
    }

    boolean holds(String key) {
        return local.containsKey(key);
    }

    /** The bytes of every entry held here, owned or not: what this member's sessions cost it. */
    long heldBytes() {
        long bytes = 0;
        for (Map.Entry<String, byte[]> entry : local.entrySet()) {
            bytes += entry.getKey().length() + entry.getValue().length;
        }
        return bytes;
    }

    /** The bytes of every entry held here for sessions another member is primary owner of: what backups cost. */
    long backupBytes() {
        LocalizedCacheTopology topology = local.getDistributionManager().getCacheTopology();
        long bytes = 0;
        for (Map.Entry<String, byte[]> entry : local.entrySet()) {
            if (!topology.getDistribution(entry.getKey()).isPrimary()) {
                bytes += entry.getKey().length() + entry.getValue().length;
            }
        }
        return bytes;
    }
}

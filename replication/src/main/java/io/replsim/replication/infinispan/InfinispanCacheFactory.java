package io.replsim.replication.infinispan;

import io.replsim.replication.AsyncQueueSettings;
import io.replsim.replication.DeliveryKind;
import io.replsim.replication.EngineRefusal;
import io.replsim.replication.NodeId;
import io.replsim.replication.OrphanPolicy;
import io.replsim.replication.PartitionMergePolicy;
import io.replsim.replication.PartitionWhenSplit;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SnapshotMode;
import org.infinispan.conflict.MergePolicy;
import org.infinispan.configuration.cache.CacheMode;
import org.infinispan.configuration.cache.Configuration;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.configuration.global.GlobalConfiguration;
import org.infinispan.configuration.global.GlobalConfigurationBuilder;
import org.infinispan.partitionhandling.PartitionHandling;
import org.infinispan.remoting.transport.jgroups.JGroupsTransport;

import java.util.ArrayList;
import java.util.List;

/**
 * The one place a {@link ReplicationSpec} becomes an Infinispan configuration. ALL is a replicated cache, BUDDIES(n)
 * a distributed one with 1 + n owners; SYNC and ASYNC pick the mode's flavour; SESSION granularity is one entry per
 * session, ATTRIBUTE one entry per attribute plus a metadata entry (WildFly's coarse and fine granularity); the
 * partition handling is Infinispan's own, as the spec names it (both cache modes support it). What
 * Infinispan cannot express is refused here, before anything starts.
 */
public final class InfinispanCacheFactory {
    static final String CACHE_NAME = "sessions";

    private InfinispanCacheFactory() {
    }

    /** Every choice of the spec Infinispan cannot honour; empty when the spec maps to a cache as it is. */
    public static List<EngineRefusal> unsupported(ReplicationSpec spec) {
        List<EngineRefusal> refused = new ArrayList<>();
        if (spec.placement() instanceof Placement.Buddies buddies && !buddies.pools().pools().isEmpty()) {
            // Server hinting (machine, rack, site ids) makes Infinispan spread a key's owners across racks; it has
            // no way to prefer owners from one named group, which is what a buddy pool asks for.
            refused.add(new EngineRefusal("buddyPools", "buddy pools have no Infinispan equivalent (its server"
                    + " hinting spreads owners across racks, it cannot prefer a pool); remove buddyPools, or use"
                    + " engine: jgroups"));
        }
        if (spec.placement() instanceof Placement.None) {
            // A LOCAL cache would not join the cluster's cache at all; the no-replication baseline is the
            // jgroups engine's, whose members still share a view and answer gravitation requests.
            refused.add(new EngineRefusal("placement", "placement none is the jgroups engine's no-replication"
                    + " baseline; use engine: jgroups, or placement all or buddies"));
        }
        if (!spec.asyncQueue().equals(AsyncQueueSettings.DEFAULT)) {
            refused.add(new EngineRefusal("async", "Infinispan's async mode has no replsim queue to size or bundle"
                    + " (JGroups bundles its messages itself); remove the async section, or use engine: jgroups"));
        }
        if (spec.lifecycle().maxActiveSessions().isPresent()) {
            refused.add(new EngineRefusal("maxActiveSessions", "passivation is not built for the infinispan engine"
                    + " (it would need the cache's own passivation to a store); remove maxActiveSessions, or use"
                    + " engine: jgroups"));
        }
        if (spec.lifecycle().maxInactiveInterval().isPresent()) {
            refused.add(new EngineRefusal("maxInactiveInterval", "sessions do not expire on the infinispan engine yet"
                    + " (its entries would need the cache's own expiration); remove maxInactiveInterval, or use"
                    + " engine: jgroups"));
        }
        if (spec.orphans() == OrphanPolicy.ADOPT) {
            refused.add(new EngineRefusal("orphans", "Infinispan moves a dead owner's entries to new owners itself at"
                    + " the view change (its state transfer), so orphans: adopt has nothing to change; remove orphans,"
                    + " or use engine: jgroups"));
        }
        if (spec.snapshot() instanceof SnapshotMode.Interval) {
            refused.add(new EngineRefusal("snapshotMode", "Infinispan writes each request's changes to the cache when"
                    + " the request ends; replsim has no interval task for its cache; remove snapshotMode, or use"
                    + " engine: jgroups"));
        }
        return List.copyOf(refused);
    }

    /** The cache mode the spec maps to: REPL for all members, DIST for buddies; SYNC or ASYNC as delivered. */
    public static CacheMode cacheMode(ReplicationSpec spec) {
        boolean sync = spec.delivery() == DeliveryKind.SYNC;
        return switch (spec.placement()) {
            case Placement.AllMembers all -> sync ? CacheMode.REPL_SYNC : CacheMode.REPL_ASYNC;
            case Placement.Buddies buddies -> sync ? CacheMode.DIST_SYNC : CacheMode.DIST_ASYNC;
            case Placement.None none -> throw new IllegalArgumentException("placement none has no cache mode: "
                    + "it is refused before a cache is made (unsupported)");
        };
    }

    /** The sessions cache's configuration; throws when {@link #unsupported} is not empty. */
    public static Configuration cacheConfiguration(ReplicationSpec spec) {
        requireExpressible(spec);
        var builder = new ConfigurationBuilder();
        builder.clustering().cacheMode(cacheMode(spec)).remoteTimeout(spec.syncTimeout().toMillis());
        if (spec.placement() instanceof Placement.Buddies buddies) {
            builder.clustering().hash().numOwners(1 + buddies.count());
        }
        builder.clustering().hash().groups().enabled().addGrouper(new SessionGroups());
        builder.clustering().partitionHandling()
                .whenSplit(whenSplit(spec.partitionHandling().whenSplit()))
                .mergePolicy(mergePolicy(spec.partitionHandling().mergePolicy()));
        return builder.build();
    }

    static PartitionHandling whenSplit(PartitionWhenSplit whenSplit) {
        return switch (whenSplit) {
            case ALLOW_READ_WRITES -> PartitionHandling.ALLOW_READ_WRITES;
            case DENY_READ_WRITES -> PartitionHandling.DENY_READ_WRITES;
            case ALLOW_READS -> PartitionHandling.ALLOW_READS;
        };
    }

    static MergePolicy mergePolicy(PartitionMergePolicy policy) {
        return switch (policy) {
            case NONE -> MergePolicy.NONE;
            case PREFERRED_ALWAYS -> MergePolicy.PREFERRED_ALWAYS;
            case PREFERRED_NON_NULL -> MergePolicy.PREFERRED_NON_NULL;
            case REMOVE_ALL -> MergePolicy.REMOVE_ALL;
        };
    }

    /** How a session is laid out in the cache, by granularity. */
    static SessionEntries entriesFor(ReplicationSpec spec, CacheMarshalling marshalling) {
        return switch (spec.granularity()) {
            case SESSION -> new WholeSessionEntries(marshalling);
            case ATTRIBUTE -> new AttributeEntries(marshalling);
        };
    }

    /** A cache manager whose channel the configurator builds on the project's stack, named after the member. */
    static GlobalConfiguration globalConfiguration(NodeId self, String clusterName,
                                                   StackChannelConfigurator channels) {
        var builder = new GlobalConfigurationBuilder();
        builder.transport().defaultTransport().clusterName(clusterName).nodeName(self.name())
                .addProperty(JGroupsTransport.CHANNEL_CONFIGURATOR, channels);
        return builder.build();
    }

    /** Throws with every refused choice and what to do instead. */
    public static void requireExpressible(ReplicationSpec spec) {
        List<EngineRefusal> refused = unsupported(spec);
        if (!refused.isEmpty()) {
            throw new IllegalArgumentException("the infinispan engine cannot run this replication spec: "
                    + String.join("; ", refused.stream().map(u -> "replication." + u.field() + ": " + u.problem())
                    .toList()));
        }
    }
}

package io.replsim.replication.host;

import io.replsim.replication.EngineRefusal;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.engine.JGroupsEngine;
import io.replsim.replication.infinispan.InfinispanCacheFactory;
import io.replsim.replication.infinispan.InfinispanEngine;
import io.replsim.replication.member.ReplicationEngine;
import io.replsim.replication.transport.StackSpec;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Starts the engine a spec names, and says what of a spec that engine cannot honour. It sits above both engines,
 * apart from the {@link ReplicationEngine} interface they implement, so that the interface's package knows neither
 * engine (no package cycle); a node reaches the engines through it alone.
 */
public final class EngineFactory {
    private EngineFactory() {
    }

    /** Starts the engine the spec names and joins the cluster; returns once this member has a view. */
    public static ReplicationEngine start(NodeId self, String clusterName, StackSpec stack, ReplicationSpec spec)
            throws Exception {
        return start(self, clusterName, stack, spec, Optional.empty());
    }

    /** The same, passivating sessions beyond the spec's maxActiveSessions into {@code passivationDirectory}. */
    public static ReplicationEngine start(NodeId self, String clusterName, StackSpec stack, ReplicationSpec spec,
                                         Optional<Path> passivationDirectory) throws Exception {
        return switch (spec.engine()) {
            case JGROUPS -> JGroupsEngine.start(self, clusterName, stack, spec, passivationDirectory);
            case INFINISPAN -> InfinispanEngine.start(self, clusterName, stack, spec);
        };
    }

    /** Every choice of the spec its engine cannot honour; empty when the engine runs the spec as it is. */
    public static List<EngineRefusal> refusals(ReplicationSpec spec) {
        return switch (spec.engine()) {
            case JGROUPS -> List.of();
            case INFINISPAN -> InfinispanCacheFactory.unsupported(spec);
        };
    }
}

package io.replsim.replication.engine;

import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.infinispan.InfinispanNode;
import io.replsim.replication.session.SessionCounts;
import io.replsim.replication.session.SessionStore;
import io.replsim.replication.transport.FaultPoint;
import io.replsim.replication.transport.StackSpec;
import io.replsim.replication.transport.ViewHistory;

/**
 * One member's replication as an application server sees it, whichever engine the spec names: the session store
 * its requests use, the views it installed, its figures, and where network faults go in.
 */
public interface ReplicationEngine extends AutoCloseable {

    /** Starts the engine the spec names and joins the cluster; returns once this member has a view. */
    static ReplicationEngine start(NodeId self, String clusterName, StackSpec stack, ReplicationSpec spec)
            throws Exception {
        return switch (spec.engine()) {
            case JGROUPS -> ReplicationNode.start(self, clusterName, stack, spec);
            case INFINISPAN -> InfinispanNode.start(self, clusterName, stack, spec);
        };
    }

    NodeId self();

    ReplicationSpec spec();

    SessionStore store();

    ClusterView view();

    ViewHistory views();

    ReplicationStats stats();

    /**
     * Sessions this member owns and backs up. Under jgroups the owner is the member that served the session last;
     * under infinispan it is the primary owner the consistent hash names, and a backup is any other owner.
     */
    SessionCounts sessionCounts();

    /** Whether this member holds a copy of the session (as owner or backup) right now. */
    boolean holdsCopy(SessionId id);

    /** The estimated heap held by copies this member keeps for sessions it does not own. */
    long backupBytes();

    FaultPoint faultPoint();

    @Override
    void close();
}

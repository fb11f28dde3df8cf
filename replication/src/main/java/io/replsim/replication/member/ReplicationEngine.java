package io.replsim.replication.member;

import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.session.SessionCounts;
import io.replsim.replication.session.SessionStore;
import io.replsim.replication.transport.FaultPoint;
import io.replsim.replication.transport.ViewHistory;

/**
 * One member's replication as an application server sees it, whichever engine the spec names: the session store
 * its requests use, the views it installed, its figures, and where network faults go in. Both engines implement it;
 * {@link io.replsim.replication.host.EngineFactory} starts the one a spec names.
 */
public interface ReplicationEngine extends AutoCloseable {

    NodeId self();

    ReplicationSpec spec();

    SessionStore store();

    /**
     * Snapshot mode interval's rounds that took longer than the interval since the start (each delayed the next);
     * 0 under instant, and on an engine without interval sends.
     */
    default long lateSnapshotRounds() {
        return 0;
    }

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

    /**
     * The bytes of every session this member holds, owned and copies: under jgroups the same estimate as
     * {@link #backupBytes()}, under infinispan the marshalled entries.
     */
    long heldBytes();

    FaultPoint faultPoint();

    @Override
    void close();
}

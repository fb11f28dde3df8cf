package io.replsim.replication.transport;

import io.replsim.replication.NodeId;
import org.jgroups.stack.Protocol;

/**
 * Where network faults (DISCARD, DELAY) go into a running member's JGroups stack, whichever engine owns the
 * channel.
 */
public interface FaultPoint {
    NodeId self();

    /** Inserts a protocol right above the transport: the fault it is takes effect at once. */
    void insertAboveTransport(Protocol protocol) throws Exception;

    /** Takes out a protocol put in by {@link #insertAboveTransport}: the fault it was is healed. */
    void removeInserted(Protocol protocol);
}

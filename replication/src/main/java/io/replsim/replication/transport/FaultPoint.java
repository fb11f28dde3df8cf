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

    /**
     * Stops every protocol of the stack at once, top down, without a leave: the others learn of this member from
     * failure detection (its connections close, as the kernel closes a killed process's), not from a goodbye. For
     * a runtime that crashes a member inside a JVM that goes on running.
     */
    void halt();
}

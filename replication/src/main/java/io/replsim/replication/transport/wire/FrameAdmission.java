package io.replsim.replication.transport.wire;

import org.jgroups.Address;
import org.jgroups.PhysicalAddress;
import org.jgroups.blocks.cs.Connection;
import org.jgroups.stack.IpAddress;

import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * What a guarded JGroups server lets through: frames whose seal opens, handed on without it, and the connections it
 * accepted that have delivered one. A frame that does not open throws, and JGroups closes the connection it came on;
 * a connection that closes before it delivered a sealed frame (it sent no preamble, garbage, a frame longer than any
 * member's, or a frame without the seal, and JGroups or this closed it) is a refusal, counted once as it closes,
 * whichever of them turned it away.
 */
final class FrameAdmission {
    private final WireGuard guard;
    private final Set<Connection> unproven = ConcurrentHashMap.newKeySet();

    FrameAdmission(WireGuard guard) {
        this.guard = Objects.requireNonNull(guard, "guard");
    }

    /** The frame from {@code sender} without its seal; throws when the seal does not open. */
    ByteBuffer admit(Address sender, ByteBuffer frame) {
        if (!guard.opens(frame)) {
            throw new IllegalStateException(WireGuard.NOT_SEALED);
        }
        proven(sender);
        return WireGuard.contents(frame);
    }

    /** The length of the frame from {@code sender} without its seal; throws when the seal does not open. */
    int admit(Address sender, byte[] frame, int offset, int length) {
        if (!guard.opens(frame, offset, length)) {
            throw new IllegalStateException(WireGuard.NOT_SEALED);
        }
        proven(sender);
        return length - WireGuard.SEAL_BYTES;
    }

    /** A connection the server accepted on {@code listeningPort} (not one this member opened) starts unproven. */
    void established(Connection connection, int listeningPort) {
        // JGroups closes a connection it replaces without telling its listeners: not one to keep a reference to.
        unproven.removeIf(Connection::isClosed);
        if (connection.localAddress() instanceof IpAddress local && local.getPort() == listeningPort) {
            unproven.add(connection);
        }
    }

    /**
     * Counts {@code connection} as refused if it closes unproven: it never named itself, or it did and sent no sealed
     * frame, and the address it named is not a member's ({@code member}; a member killed in the instant between its
     * connect and its first frame is not a stranger).
     */
    void closed(Connection connection, Predicate<PhysicalAddress> member) {
        Address peer = connection.peerAddress();
        boolean refused = unproven.remove(connection) || peer == null;
        if (refused && !(peer instanceof PhysicalAddress address && member.test(address))) {
            guard.refused("a connection " + (peer == null ? "that never named itself (not JGroups, or cut short)"
                    : "from " + peer + " that sent no frame sealed with the cluster secret"));
        }
    }

    /** A sealed frame came from {@code sender}: its connection is a member's. */
    private void proven(Address sender) {
        if (!unproven.isEmpty()) {
            unproven.removeIf(connection -> sender.equals(connection.peerAddress()));
        }
    }
}

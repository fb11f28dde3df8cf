package io.replsim.replication.transport.wire;

import org.jgroups.Address;
import org.jgroups.PhysicalAddress;
import org.jgroups.blocks.cs.Connection;
import org.jgroups.stack.IpAddress;

import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The connections a JGroups server accepted that have not yet delivered a sealed frame. One that closes in that
 * state (it sent no preamble, garbage, a frame longer than any member's, or a frame without the seal, and JGroups
 * or the guard closed it) is a refusal, counted once when it closes, whichever of them turned it away.
 */
final class UnprovenConnections {
    private final WireGuard guard;
    private final Set<Connection> waiting = ConcurrentHashMap.newKeySet();

    UnprovenConnections(WireGuard guard) {
        this.guard = Objects.requireNonNull(guard, "guard");
    }

    /** A connection the server accepted on {@code listeningPort} (not one this member opened) starts unproven. */
    void established(Connection connection, int listeningPort) {
        // JGroups closes a connection it replaces without telling its listeners: not one to keep a reference to.
        waiting.removeIf(Connection::isClosed);
        if (connection.localAddress() instanceof IpAddress local && local.getPort() == listeningPort) {
            waiting.add(connection);
        }
    }

    /** A sealed frame came from {@code sender}: its connection is a member's. */
    void proven(Address sender) {
        if (!waiting.isEmpty()) {
            waiting.removeIf(connection -> sender.equals(connection.peerAddress()));
        }
    }

    /**
     * Counts {@code connection} as refused if it closes unproven: it never named itself, or it did and sent no sealed
     * frame, and the address it named is not a member's ({@code member}; a member killed in the instant between its
     * connect and its first frame is not a stranger).
     */
    void closed(Connection connection, Predicate<PhysicalAddress> member) {
        Address peer = connection.peerAddress();
        boolean unproven = waiting.remove(connection) || peer == null;
        if (unproven && !(peer instanceof PhysicalAddress address && member.test(address))) {
            guard.refused("a connection " + (peer == null ? "that never named itself (not JGroups, or cut short)"
                    : "from " + peer + " that sent no frame sealed with the cluster secret"));
        }
    }
}

package io.replsim.replication.transport;

import io.replsim.replication.transport.wire.GuardedTransport;
import java.util.function.Consumer;
import org.jgroups.JChannel;
import org.jgroups.protocols.AUTH;

/**
 * Wires what a channel refuses for want of the cluster secret (see {@link PeerAuthentication}) to a count: AUTH's
 * joins and merges, and the frames, connections and datagrams its transport's guard (and so its FD_SOCK2's) turns
 * away.
 */
public final class PeerRefusals {
    private PeerRefusals() {
    }

    /** Runs {@code onRefusal} for every join, merge, frame, connection or datagram the channel refuses. */
    public static void report(JChannel channel, Runnable onRefusal) {
        report(channel, what -> onRefusal.run());
    }

    /**
     * Tells {@code onRefusal} what the channel refused each time it refuses something: {@code a join or merge from
     * <address>}, or the guard's description of the frame, connection or datagram, with the peer's address where it
     * is known.
     */
    public static void report(JChannel channel, Consumer<String> onRefusal) {
        AUTH auth = channel.getProtocolStack().findProtocol(AUTH.class);
        if (auth != null && auth.getAuthToken() instanceof SecretJoinToken token) {
            token.onRefusal(refused -> onRefusal.accept("a join or merge from " + refused));
        }
        if (channel.getProtocolStack().getTransport() instanceof GuardedTransport guarded) {
            guarded.guard().onRefusal(onRefusal);
        }
    }
}

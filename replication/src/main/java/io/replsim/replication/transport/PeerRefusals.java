package io.replsim.replication.transport;

import io.replsim.replication.transport.wire.GuardedTransport;
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
        AUTH auth = channel.getProtocolStack().findProtocol(AUTH.class);
        if (auth != null && auth.getAuthToken() instanceof SecretJoinToken token) {
            token.onRefusal(refused -> onRefusal.run());
        }
        if (channel.getProtocolStack().getTransport() instanceof GuardedTransport guarded) {
            guarded.guard().onRefusal(onRefusal);
        }
    }
}

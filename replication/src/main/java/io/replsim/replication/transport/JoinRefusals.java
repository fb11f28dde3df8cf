package io.replsim.replication.transport;

import org.jgroups.JChannel;
import org.jgroups.protocols.AUTH;

/** Wires a channel's AUTH (when its stack has one, see {@link PeerAuthentication}) to count what it refuses. */
public final class JoinRefusals {
    private JoinRefusals() {
    }

    /** Runs {@code onRefusal} for every join or merge the channel refuses for want of the cluster secret. */
    public static void report(JChannel channel, Runnable onRefusal) {
        AUTH auth = channel.getProtocolStack().findProtocol(AUTH.class);
        if (auth != null && auth.getAuthToken() instanceof SecretJoinToken token) {
            token.onRefusal(refused -> onRefusal.run());
        }
    }
}

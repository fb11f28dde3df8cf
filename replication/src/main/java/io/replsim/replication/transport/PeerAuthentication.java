package io.replsim.replication.transport;

import io.replsim.replication.transport.stream.PeerKey;
import io.replsim.replication.transport.wire.WireGuard;
import org.jgroups.protocols.AUTH;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.stack.Protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Whether a stack admits only peers that prove the cluster secret (see docs/replication.md, "Who may talk"). */
public sealed interface PeerAuthentication {
    /** The key direct streams prove, when there is one. */
    default Optional<PeerKey> streamKey() {
        return this instanceof SharedSecret(ClusterSecret secret) ? Optional.of(secret) : Optional.empty();
    }

    /**
     * A new guard for one stack's transport and FD_SOCK2 (they share it, and so its refusals), sealing frames of up
     * to {@code maxFrameBytes}; none when peers are not authenticated.
     */
    default Optional<WireGuard> wireGuard(int maxFrameBytes) {
        return this instanceof SharedSecret(ClusterSecret secret) ? Optional.of(new WireGuard(secret, maxFrameBytes))
                : Optional.empty();
    }

    /**
     * The stack with JGroups' AUTH right below GMS, where it checks every join and merge request (and, since
     * joiners check the coordinator's answer too, a member never joins a cluster that cannot prove the secret).
     */
    default List<Protocol> guard(List<Protocol> stack) {
        if (!(this instanceof SharedSecret(ClusterSecret secret))) {
            return stack;
        }
        List<Protocol> guarded = new ArrayList<>(stack);
        int membership = -1;
        for (int i = 0; i < guarded.size(); i++) {
            if (guarded.get(i) instanceof GMS) {
                membership = i;
            }
        }
        if (membership < 0) {
            throw new IllegalArgumentException("a stack without GMS has no joins to guard: " + stack);
        }
        var token = new SecretJoinToken(secret);
        var auth = new AUTH().setAuthToken(token);
        token.setAuth(auth); // AUTH wires this itself only for a token it makes from a class name
        guarded.add(membership, auth);
        return List.copyOf(guarded);
    }

    /**
     * JGroups joins and merges carry a {@link SecretJoinToken}, every JGroups frame a seal ({@link WireGuard}), and
     * every direct stream starts with a challenge.
     */
    record SharedSecret(ClusterSecret secret) implements PeerAuthentication {
        public SharedSecret {
            Objects.requireNonNull(secret, "secret");
        }
    }

    /**
     * Anyone who names the cluster is a member, as before the secret existed: only for benchmarks that measure
     * what the protection costs. A node process never runs this way.
     */
    record Unauthenticated() implements PeerAuthentication {
    }
}

package io.replsim.bench;

import io.replsim.replication.transport.ClusterSecret;
import io.replsim.replication.transport.PeerAuthentication;

/**
 * The {@code peers} parameter of the replication benchmarks: {@code secret} (what nodes run: AUTH on joins, the
 * challenge on every direct stream) or {@code open} (neither), to measure what the protection costs.
 */
final class PeerAuthentications {
    private PeerAuthentications() {
    }

    static PeerAuthentication parse(String peers) {
        return switch (peers) {
            // Every member of a benchmark lives in this JVM.
            case "secret" -> new PeerAuthentication.SharedSecret(ClusterSecret.ofThisJvm());
            case "open" -> new PeerAuthentication.Unauthenticated();
            default -> throw new IllegalArgumentException("peers is secret or open, got " + peers);
        };
    }
}

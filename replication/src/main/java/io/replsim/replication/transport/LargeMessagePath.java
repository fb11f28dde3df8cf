package io.replsim.replication.transport;

/**
 * How a node sends replication messages too large for JGroups to carry cheaply. JGroups cuts them into fragments,
 * copies them on both ends and hands each across about eight threads (docs/benchmarks.md, 64 KB sessions); a direct
 * stream writes them on the requester's own thread to a connection whose reader on the backup applies them and
 * answers on the same connection. JGroups still decides who is a member, and carries every smaller message.
 */
public sealed interface LargeMessagePath {
    /** Every message through JGroups, whatever its size. */
    record ThroughJGroups() implements LargeMessagePath {
    }

    /**
     * Messages of at least {@code minMessageBytes} (marshalled) over direct TCP connections to the member, at most
     * {@code maxConnectionsPerMember} of them open at once (one per concurrent sender; past that, JGroups).
     */
    record DirectStreams(int minMessageBytes, int maxConnectionsPerMember) implements LargeMessagePath {
        /** Below 16 KB JGroups sends a message whole and the hand-offs are not what costs. */
        public static final DirectStreams DEFAULT = new DirectStreams(16 * 1024, 32);

        public DirectStreams {
            if (minMessageBytes < 1) {
                throw new IllegalArgumentException("minMessageBytes must be positive, got " + minMessageBytes);
            }
            if (maxConnectionsPerMember < 1) {
                throw new IllegalArgumentException("maxConnectionsPerMember must be positive, got "
                        + maxConnectionsPerMember);
            }
        }
    }
}

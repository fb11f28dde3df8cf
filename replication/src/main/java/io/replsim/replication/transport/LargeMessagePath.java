package io.replsim.replication.transport;

/**
 * How a node sends replication messages: through JGroups, or over direct streams beside it. JGroups hands a sync
 * request and its answer across about eight threads (bundler, selector and OOB threads on each side) and cuts large
 * ones into fragments; a direct stream writes the message on the requester's own thread to a connection whose
 * reader on the backup applies it and answers on the same connection, two threads as a raw socket round trip.
 * That fixed cost per message, not the bytes, is what a small update paid on JGroups: 4-6× the CPU of the same
 * update over a stream (docs/benchmarks.md, "What one update costs"). JGroups still decides who is a member,
 * detects failures and installs views, and carries every message a stream cannot.
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
        /**
         * Every message, whatever its size: the hand-offs are what a message costs on JGroups, and a small one paid
         * them as a large one did (until 16 KB messages and smaller went through JGroups, and a 3 KB update cost
         * more than a 64 KB one).
         */
        public static final DirectStreams DEFAULT = new DirectStreams(1, 32);

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

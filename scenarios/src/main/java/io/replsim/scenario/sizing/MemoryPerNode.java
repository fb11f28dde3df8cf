package io.replsim.scenario.sizing;

/**
 * Session memory per node: every session has {@code copies} copies (the primary and its backups) spread over the
 * nodes, so a node holds sessions × size × copies / nodes; with one node lost the survivors hold them all.
 */
public record MemoryPerNode(long sessions, long sessionBytes, int copies, int nodes) {

    public MemoryPerNode {
        if (sessions < 0 || sessionBytes < 0 || copies < 1 || nodes < 1 || copies > nodes) {
            throw new IllegalArgumentException("got " + sessions + " sessions of " + sessionBytes + " bytes, " + copies
                    + " copies on " + nodes + " nodes; expected copies from 1 to the number of nodes");
        }
    }

    public double bytesPerNode() {
        return sessions * (double) sessionBytes * copies / nodes;
    }

    /** After one node is lost and its copies are made again on the survivors. */
    public double bytesPerSurvivor() {
        return nodes == 1 ? Double.NaN : sessions * (double) sessionBytes * Math.min(copies, nodes - 1) / (nodes - 1);
    }
}

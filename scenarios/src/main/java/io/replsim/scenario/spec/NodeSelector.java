package io.replsim.scenario.spec;

import java.util.Objects;

/** Which node a fault hits: named up front, or chosen when the fault fires from what the cluster looks like then. */
public sealed interface NodeSelector permits NodeSelector.Named, NodeSelector.PrimaryOfMost {

    /** A fixed node, {@code node2} in a scenario file. */
    record Named(String node) implements NodeSelector {
        public Named {
            Objects.requireNonNull(node, "node");
        }
    }

    /**
     * The node that owns the most sessions when the fault fires ({@code primary-of-most}): the worst node to lose,
     * and one a scenario cannot name in advance because ownership follows the load balancer.
     */
    record PrimaryOfMost() implements NodeSelector {
    }
}

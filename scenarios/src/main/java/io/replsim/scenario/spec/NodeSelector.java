package io.replsim.scenario.spec;

import java.util.Objects;

/** Which node a fault hits: named up front, or chosen when the fault fires from what the cluster looks like then. */
public sealed interface NodeSelector permits NodeSelector.Named, NodeSelector.PrimaryOfMost, NodeSelector.Coordinator,
        NodeSelector.Random {

    /** How a scenario file writes it. */
    String label();

    /** A fixed node, {@code node2} in a scenario file. */
    record Named(String node) implements NodeSelector {
        public Named {
            Objects.requireNonNull(node, "node");
        }

        @Override
        public String label() {
            return node;
        }
    }

    /**
     * The node that owns the most sessions when the fault fires ({@code primary-of-most}): the worst node to lose,
     * and one a scenario cannot name in advance because ownership follows the load balancer.
     */
    record PrimaryOfMost() implements NodeSelector {
        @Override
        public String label() {
            return "primary-of-most";
        }
    }

    /** The JGroups coordinator when the fault fires ({@code coordinator}): losing it also moves view management. */
    record Coordinator() implements NodeSelector {
        @Override
        public String label() {
            return "coordinator";
        }
    }

    /** A live node drawn at random ({@code target: random, seed: 7}); the same seed draws the same sequence. */
    record Random(long seed) implements NodeSelector {
        @Override
        public String label() {
            return "random(seed " + seed + ")";
        }
    }
}

package io.replsim.scenario.spec;

import java.util.Objects;

/** Which node a fault hits: named up front, or chosen when the fault fires from what the cluster looks like then. */
public sealed interface NodeSelector permits NodeSelector.Named, NodeSelector.PrimaryOfMost, NodeSelector.Coordinator,
        NodeSelector.Random, NodeSelector.BuddyOf, NodeSelector.PrimaryOfUser {

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

    /**
     * The member after {@code node} in the latest view that held it ({@code buddy-of:node1}): its first buddy when
     * buddies are chosen in view order, as JBoss buddy replication does. It still resolves after {@code node} has
     * died, which is how a double failure is written: kill node1, then buddy-of:node1 a moment later.
     */
    record BuddyOf(String node) implements NodeSelector {
        public BuddyOf {
            Objects.requireNonNull(node, "node");
        }

        @Override
        public String label() {
            return "buddy-of:" + node;
        }
    }

    /**
     * The node serving virtual user {@code user} (from 0) when the fault fires ({@code primary-of-user:3}): the
     * primary of that user's session, as the load balancer's sticky table has it. Writing a drill around one user
     * makes its failover the one to watch.
     */
    record PrimaryOfUser(int user) implements NodeSelector {
        public PrimaryOfUser {
            if (user < 0) {
                throw new IllegalArgumentException("users count from 0, got " + user);
            }
        }

        @Override
        public String label() {
            return "primary-of-user:" + user;
        }
    }
}

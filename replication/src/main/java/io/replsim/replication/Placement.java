package io.replsim.replication;

import io.replsim.settings.Choices;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Who must hold copies of a session besides its primary. Pure: the same inputs give the same backups, so
 * every member computes the same answer from the view it has.
 */
public sealed interface Placement permits Placement.AllMembers, Placement.Buddies, Placement.None {

    List<NodeId> backupsFor(SessionId session, NodeId primary, ClusterView view);

    /** The name used in scenario files and on the node's command line. */
    String label();

    /** The label with its parameters, for reports: {@code buddies(1)}. */
    default String describe() {
        return label();
    }

    /** Each placement by its label; buddies take their count and pools from settings of their own. */
    Choices<Placement> CHOICES = new Choices<>(List.of(new AllMembers(), new Buddies(1, BuddyPools.none()),
            new None()), Placement::label);

    /** Full replication: every other member holds every session. */
    record AllMembers() implements Placement {
        @Override
        public List<NodeId> backupsFor(SessionId session, NodeId primary, ClusterView view) {
            // a loop, not a stream: this runs on every update
            List<NodeId> members = view.members();
            List<NodeId> others = new ArrayList<>(members.size());
            for (NodeId member : members) {
                if (!member.equals(primary)) {
                    others.add(member);
                }
            }
            return Collections.unmodifiableList(others);
        }

        @Override
        public String label() {
            return "all";
        }
    }

    /**
     * Buddy replication (JBoss AS 5 §1.6, GlassFish's replica partner for count 1): the next {@code count} members
     * after the primary in view order, wrapping around, members of the primary's pool first. Since every member
     * walks the same view, a primary's buddies change only when a member next to it joins or leaves.
     */
    record Buddies(int count, BuddyPools pools) implements Placement {
        public Buddies {
            Objects.requireNonNull(pools, "pools");
            if (count < 1) {
                throw new IllegalArgumentException("a buddy placement has at least 1 buddy, got " + count);
            }
        }

        @Override
        public List<NodeId> backupsFor(SessionId session, NodeId primary, ClusterView view) {
            List<NodeId> members = view.members();
            // A primary outside the view (it left) has no position: walk from the start of the view.
            int start = members.indexOf(primary) + 1;
            List<NodeId> sameAfter = new ArrayList<>();
            List<NodeId> othersAfter = new ArrayList<>();
            for (int step = 0; step < members.size(); step++) {
                NodeId candidate = members.get((start + step) % members.size());
                if (candidate.equals(primary)) {
                    continue;
                }
                (pools.samePool(primary, candidate) ? sameAfter : othersAfter).add(candidate);
            }
            sameAfter.addAll(othersAfter);
            return List.copyOf(sameAfter.subList(0, Math.min(count, sameAfter.size())));
        }

        @Override
        public String label() {
            return "buddies";
        }

        @Override
        public String describe() {
            return "buddies(" + count + (pools.pools().isEmpty() ? "" : ", pools " + pools.label()) + ")";
        }
    }

    /**
     * No replication: a session lives on its owner only, so a dead owner's sessions are gone. The baseline every
     * scope's cost is stated against, and the drill in which a kill loses exactly the killed node's sessions.
     */
    record None() implements Placement {
        @Override
        public List<NodeId> backupsFor(SessionId session, NodeId primary, ClusterView view) {
            return List.of();
        }

        @Override
        public String label() {
            return "none";
        }
    }
}

package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.SessionId;
import io.replsim.replication.delivery.OutrankedException;
import io.replsim.replication.message.SessionSnapshot;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Who owns the sessions held here: which copy wins when two members own one ({@link CopyRank}), what a view change
 * pushes to new backups, and the takeover of copies whose owner left.
 */
final class SessionOwnership {
    private final NodeId self;
    private final SessionTable table;
    private final SessionReplicator replicator;
    private final Clock clock;
    private final SessionPassivation passivation;
    private final SessionCounters counters;
    /** The other sides of a merge installed here whose claims are not settled yet; none outside a merge. */
    private final AtomicReference<Set<NodeId>> acrossUnsettledMerge = new AtomicReference<>(Set.of());

    SessionOwnership(NodeId self, SessionTable table, SessionReplicator replicator, Clock clock,
                     SessionPassivation passivation, SessionCounters counters) {
        this.self = Objects.requireNonNull(self, "self");
        this.table = Objects.requireNonNull(table, "table");
        this.replicator = Objects.requireNonNull(replicator, "replicator");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.passivation = Objects.requireNonNull(passivation, "passivation");
        this.counters = Objects.requireNonNull(counters, "counters");
    }

    /**
     * Replaces the copy, which the caller holds locked, by one that outranks it; counts a conflict when the copy
     * replaced was owned here.
     */
    void yieldTo(Session held, SessionSnapshot winner) {
        if (!CopyRank.of(winner).outranks(CopyRank.of(held))) {
            return;
        }
        if (held.owner().equals(self)) {
            counters.ownershipConflictLost();
        }
        held.applySnapshot(winner);
    }

    /** A merge with {@code otherSides} is installed here: until {@link #mergeSettled}, see {@link #takeOver}. */
    void mergeStarted(Set<NodeId> otherSides) {
        acrossUnsettledMerge.set(otherSides);
    }

    /** The claims of the merge begun with {@code otherSides} are settled (a later merge's stay). */
    void mergeSettled(Set<NodeId> otherSides) {
        acrossUnsettledMerge.compareAndSet(otherSides, Set.of());
    }

    /**
     * Replaces the copy, which the caller holds locked, by another owner's higher version: a takeover, unless this
     * node owned the copy and the other owner was on another side of a merge whose claims are not settled here yet
     * and its version does not follow ours. Then both sides owned the session while split and each wrote its own
     * versions; a request on the other side reached this copy before the merge's claims did (a busy node settles
     * them seconds after the merge), and the copy owned here lost a conflict, counted as {@link #settle} counts it.
     * A version that follows ours is the other side's first write on the copy it had from us: a takeover. Two sides
     * that wrote as many versions each look like that too, and are not counted.
     */
    void takeOver(Session held, SessionSnapshot higher) {
        if (held.owner().equals(self) && higher.version() != held.version() + 1
                && acrossUnsettledMerge.get().contains(higher.owner())) {
            counters.ownershipConflictLost();
        }
        held.applySnapshot(higher);
    }

    /** Whether this node owns the copy held while another member claims the session: two owners. */
    boolean ownedHereAgainst(Session held, NodeId otherOwner) {
        return held.owner().equals(self) && !otherOwner.equals(self);
    }

    /**
     * Settles another member's claim to own a session, sent when a partition heals: where this node holds a copy the
     * claim outranks, the claim's state replaces it (a copy owned here is a conflict lost, counted); where this node
     * holds a copy that outranks the claim, that copy is returned for the claimant to take. A node that holds no
     * copy takes none: placement, not the merge, says who holds what.
     */
    Optional<SessionSnapshot> settle(SessionSnapshot claim) {
        Session held = table.get(claim.id());
        if (held == null || !table.lockWithin(held)) {
            return Optional.empty();
        }
        try {
            if (!table.holds(claim.id(), held)) {
                return Optional.empty();
            }
            if (CopyRank.of(held).outranks(CopyRank.of(claim))) {
                // Owned here or a replica of a newer owner (which may have died since): newer state either way.
                return Optional.of(held.snapshot());
            }
            yieldTo(held, claim);
            return Optional.empty();
        } finally {
            table.unlock(held);
        }
    }

    /** Takes a winning copy another member sent back in place of the one held here (see {@link #settle}). */
    void yieldTo(SessionSnapshot winner) {
        Session held = table.get(winner.id());
        if (held == null || !table.lockWithin(held)) {
            return;
        }
        try {
            if (table.holds(winner.id(), held)) {
                yieldTo(held, winner);
            }
        } finally {
            table.unlock(held);
        }
    }

    /** Every session this node owns, each copied under its lock: what a view change may push to new backups. */
    List<SessionSnapshot> ownedSnapshots() {
        List<SessionSnapshot> owned = new ArrayList<>();
        table.forEachLocked(session -> session.owner().equals(self), session -> {
            // Not yet replicated (version 0) means a request is still creating it: its update replicates it.
            if (session.version() > 0) {
                owned.add(session.snapshot());
            }
        });
        owned.addAll(passivation.ownedBy(self));
        return owned;
    }

    /** The sessions held here whose owner is one of {@code owners}, by owner: orphans once those left. Sampled. */
    Map<SessionId, NodeId> copiesOwnedBy(Set<NodeId> owners) {
        Map<SessionId, NodeId> found = new HashMap<>();
        for (Session session : table.all()) {
            NodeId owner = session.owner();
            if (owners.contains(owner)) {
                found.put(session.id(), owner);
            }
        }
        found.putAll(passivation.ownersAmong(owners));
        return found;
    }

    /**
     * Takes over a copy whose owner left, before any request asks for it, and replicates it as a request's takeover
     * would: whole to this node's backups, then the other copies removed. False when the copy is gone, busy, or
     * already taken over. On a failed replication the session stays owned here and a {@link ReplicationException}
     * says why, as after a request.
     */
    boolean adopt(SessionId id, NodeId departedOwner) throws ReplicationException {
        Session held = table.get(id);
        if (held == null) {
            held = passivation.activateCopy(id).orElse(null);
        }
        if (held == null || !table.lockWithin(held)) {
            return false;
        }
        try {
            if (!table.holds(id, held) || !held.owner().equals(departedOwner)) {
                return false;
            }
            held.takeOwnership(self);
            held.advanceVersion();
            try {
                replicator.replicate(held);
            } catch (OutrankedException lost) {
                yieldTo(held, lost.winner());
                throw lost;
            }
            held.markReplicated(clock.instant());
            return true;
        } finally {
            table.unlock(held);
        }
    }
}

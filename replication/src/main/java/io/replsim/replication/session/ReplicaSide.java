package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.EndCause;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.message.SessionVersion;

import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * What arrives from the other members: replicas and attribute updates to apply, ends and removals of copies, and
 * requests for the copy held here. Replication traffic waits for a session a local request holds for the replica
 * lock timeout at most ({@link SessionTable#lockWithin}), so two nodes updating one session never wait on each other
 * forever.
 */
final class ReplicaSide {
    private final NodeId self;
    private final SessionTable table;
    private final SessionTracking tracking;
    private final Clock clock;
    private final EndedSessions ended;
    private final SessionPassivation passivation;
    private final SessionOwnership ownership;

    ReplicaSide(NodeId self, SessionTable table, SessionTracking tracking, Clock clock, EndedSessions ended,
                SessionPassivation passivation, SessionOwnership ownership) {
        this.self = Objects.requireNonNull(self, "self");
        this.table = Objects.requireNonNull(table, "table");
        this.tracking = Objects.requireNonNull(tracking, "tracking");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.ended = Objects.requireNonNull(ended, "ended");
        this.passivation = Objects.requireNonNull(passivation, "passivation");
        this.ownership = Objects.requireNonNull(ownership, "ownership");
    }

    /**
     * Applies a replica from another node if it is newer than the copy held. A copy removed while we waited for
     * its lock is no longer the held one: then we try again against whatever the table holds now (bounded).
     */
    BackupOutcome applyBackup(SessionSnapshot snapshot) {
        if (ended.endedBy(snapshot.id(), snapshot.version())) {
            return BackupOutcome.STALE;
        }
        if (!passivation.makeWayFor(snapshot)) {
            return BackupOutcome.STALE;
        }
        for (int attempt = 0; attempt < 3; attempt++) {
            // A copy is held for all but a session's first update: a fresh one (its attributes copied, its footprint
            // measured) is built only when none is, not for every update to be dropped when one is.
            Session held = table.get(snapshot.id());
            if (held == null) {
                var fresh = Session.fromSnapshot(snapshot, tracking.trigger(), clock.instant());
                held = table.putIfAbsent(snapshot.id(), fresh);
                if (held == null) {
                    // A new replica counts toward the limit as an owned session does.
                    passivation.passivateOverflow();
                    return BackupOutcome.APPLIED;
                }
            }
            if (!table.lockWithin(held)) {
                return BackupOutcome.BUSY;
            }
            try {
                if (!table.holds(snapshot.id(), held)) {
                    continue;
                }
                if (!CopyRank.of(snapshot).outranks(CopyRank.of(held))) {
                    return ownership.ownedHereAgainst(held, snapshot.owner()) ? BackupOutcome.OWNED_HERE
                            : BackupOutcome.STALE;
                }
                // A higher version from another owner is an ordinary takeover; the same version is a tie it won.
                if (snapshot.version() == held.version()) {
                    ownership.yieldTo(held, snapshot);
                } else {
                    ownership.takeOver(held, snapshot);
                }
                return BackupOutcome.APPLIED;
            } finally {
                table.unlock(held);
            }
        }
        return BackupOutcome.BUSY;
    }

    /**
     * Applies an attribute update: only onto the version it was made from. A copy that is older (a missed update) or
     * absent cannot be completed from a delta: {@link BackupOutcome#GAP} asks the sender for the whole session.
     */
    BackupOutcome applyDelta(AttributeDelta delta) {
        if (ended.endedBy(delta.id(), delta.version())) {
            return BackupOutcome.STALE;
        }
        Session held = table.get(delta.id());
        if (held == null && passivation.enabled()) {
            // A replica passivated here is the delta's base: activated, not asked for again whole; then the limit
            // holds again.
            Optional<Session> activated = passivation.activateCopy(delta.id());
            if (activated.isPresent()) {
                BackupOutcome outcome = applyDeltaTo(activated.get(), delta);
                passivation.passivateOverflow();
                return outcome;
            }
        }
        if (held == null) {
            return BackupOutcome.GAP;
        }
        return applyDeltaTo(held, delta);
    }

    private BackupOutcome applyDeltaTo(Session held, AttributeDelta delta) {
        if (!table.lockWithin(held)) {
            return BackupOutcome.BUSY;
        }
        try {
            if (!table.holds(delta.id(), held)) {
                return BackupOutcome.GAP;
            }
            if (delta.version() <= held.version()) {
                if (!ownership.ownedHereAgainst(held, delta.owner())) {
                    return BackupOutcome.STALE;
                }
                // Two owners: a won tie needs the whole session to replace ours, a lost one the sender must hear.
                return new CopyRank(delta.version(), delta.owner()).outranks(CopyRank.of(held)) ? BackupOutcome.GAP
                        : BackupOutcome.OWNED_HERE;
            }
            if (held.version() != delta.version() - 1) {
                return BackupOutcome.GAP;
            }
            held.applyDelta(delta.version(), delta.owner(), delta.lastAccessEpochMs(), delta.changed(),
                    delta.removed());
            return BackupOutcome.APPLIED;
        } finally {
            table.unlock(held);
        }
    }

    /** Drops this member's copy of a session its owner ended, and refuses its older replicas for a while. */
    void endCopy(SessionVersion end, EndCause cause) {
        ended.ended(end.id(), end.version(), cause);
        removeCopy(end);
    }

    /**
     * Drops a copy another member no longer needs here, unless a newer write reached it since. True when dropped
     * or already absent.
     */
    boolean removeCopy(SessionVersion copy) {
        Session session = table.get(copy.id());
        if (session == null) {
            passivation.discardUpTo(copy);
            return true;
        }
        if (!table.lockWithin(session)) {
            return false;
        }
        try {
            if (session.version() > copy.version()) {
                return false;
            }
            return table.remove(copy.id(), session);
        } finally {
            table.unlock(session);
        }
    }

    /** A copy of the session as last replicated or applied here, without locking it for a request. */
    Optional<SessionSnapshot> peek(SessionId id) {
        Session session = table.get(id);
        if (session == null) {
            return passivation.read(id);
        }
        table.lock(session);
        try {
            return Optional.of(session.snapshot());
        } finally {
            table.unlock(session);
        }
    }

    /**
     * The copy held, for a member gathering it by gravitation; empty when none is held or a request holds it for
     * longer than an incoming replica would wait.
     */
    Optional<SessionSnapshot> copyForGravitation(SessionId id) {
        Session session = table.get(id);
        if (session == null) {
            return passivation.read(id);
        }
        if (!table.lockWithin(session)) {
            return Optional.empty();
        }
        try {
            return table.holds(id, session) ? Optional.of(session.snapshot()) : Optional.empty();
        } finally {
            table.unlock(session);
        }
    }

    /**
     * Applies {@code alteration} to every copy this node holds of another member's session, each under its lock,
     * and counts those it says it changed. For tests that damage replicas on purpose, to show the load driver's
     * checks catch it (docs/interfaces.md §3); nothing else changes a backup copy but replication.
     */
    int alterBackupCopies(Predicate<Session> alteration) {
        AtomicInteger altered = new AtomicInteger();
        table.forEachLocked(session -> !session.owner().equals(self), session -> {
            if (alteration.test(session)) {
                altered.incrementAndGet();
            }
        });
        return altered.get();
    }
}

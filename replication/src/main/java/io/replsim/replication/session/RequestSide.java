package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.SessionId;
import io.replsim.replication.SnapshotMode;
import io.replsim.replication.delivery.OutrankedException;
import io.replsim.replication.message.SessionSnapshot;

import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a node's request handling calls: a request locks its session ({@link #find}/{@link #create}), changes it,
 * and ends with {@link #update} (which replicates before returning when delivery is synchronous) or
 * {@link #invalidate}.
 */
final class RequestSide {
    private final NodeId self;
    private final SessionTable table;
    private final SessionReplicator replicator;
    private final SessionLocator locator;
    private final SessionTracking tracking;
    private final Clock clock;
    private final Supplier<SessionId> newIds;
    private final SessionRetention retention;
    private final EndedSessions ended;
    private final QueuedSnapshots queued;
    private final SessionExpiry expiry;
    private final SessionPassivation passivation;
    private final SessionOwnership ownership;
    private final SessionCounters counters;

    RequestSide(NodeId self, SessionTable table, SessionReplicator replicator, SessionLocator locator,
                SessionTracking tracking, Clock clock, Supplier<SessionId> newIds, SessionRetention retention,
                EndedSessions ended, QueuedSnapshots queued, SessionExpiry expiry, SessionPassivation passivation,
                SessionOwnership ownership, SessionCounters counters) {
        this.self = Objects.requireNonNull(self, "self");
        this.table = Objects.requireNonNull(table, "table");
        this.replicator = Objects.requireNonNull(replicator, "replicator");
        this.locator = Objects.requireNonNull(locator, "locator");
        this.tracking = Objects.requireNonNull(tracking, "tracking");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.newIds = Objects.requireNonNull(newIds, "newIds");
        this.retention = Objects.requireNonNull(retention, "retention");
        this.ended = Objects.requireNonNull(ended, "ended");
        this.queued = Objects.requireNonNull(queued, "queued");
        this.expiry = Objects.requireNonNull(expiry, "expiry");
        this.passivation = Objects.requireNonNull(passivation, "passivation");
        this.ownership = Objects.requireNonNull(ownership, "ownership");
        this.counters = Objects.requireNonNull(counters, "counters");
    }

    /**
     * Locks the session if this node holds it, else fetches it from the members that do (data gravitation). A node
     * holding only a replica, or nothing, becomes its owner: the next {@link #update} replicates the whole session
     * with this node as owner to this node's backups, and the replicator removes the copies nobody needs any more.
     */
    Optional<ActiveSession> find(SessionId id) {
        Optional<ActiveSession> local = lockHeld(id);
        if (local.isPresent()) {
            return local;
        }
        Optional<ActiveSession> activated = activate(id);
        if (activated.isPresent()) {
            return activated;
        }
        if (ended.endedLately(id)) {
            // Expired or logged out here: a copy elsewhere not yet dropped must not bring it back.
            return Optional.empty();
        }
        return locator.locate(id).flatMap(this::adoptGravitated);
    }

    private Optional<ActiveSession> adoptGravitated(SessionSnapshot found) {
        var fresh = Session.fromSnapshot(found, tracking.trigger(), clock.instant());
        if (!table.insertLocked(found.id(), fresh)) {
            // A replica arrived while we asked around: it is at least as new as what we found.
            return lockHeld(found.id());
        }
        if (expiry.expiredOnAccess(fresh, clock.instant())) {
            table.unlock(fresh);
            return Optional.empty();
        }
        boolean fromAnotherMember = !found.owner().equals(self);
        if (retention == SessionRetention.KEEP_COPIES) {
            counters.gravitated();
        }
        fresh.touch(clock.instant());
        fresh.takeOwnership(self);
        return Optional.of(new ActiveSession(fresh, false,
                retention == SessionRetention.KEEP_COPIES || fromAnotherMember,
                retention == SessionRetention.KEEP_COPIES, releaseOf(fresh)));
    }

    /** Locks the held copy ({@link SessionTable#lockCurrent}) for a request, unless it expired. */
    private Optional<ActiveSession> lockHeld(SessionId id) {
        Optional<Session> locked = table.lockCurrent(id);
        if (locked.isEmpty()) {
            return Optional.empty();
        }
        Session session = locked.get();
        if (expiry.expiredOnAccess(session, clock.instant())) {
            table.unlock(session);
            return Optional.empty();
        }
        session.touch(clock.instant());
        boolean failover = !session.owner().equals(self);
        session.takeOwnership(self);
        return Optional.of(new ActiveSession(session, false, failover, false, releaseOf(session)));
    }

    /** A new session owned by this node, locked, at version 0 until its first {@link #update}. */
    ActiveSession create() {
        var session = new Session(newIds.get(), self, clock.instant(), tracking.trigger());
        table.lock(session);
        table.put(session);
        return new ActiveSession(session, true, false, false, releaseOf(session));
    }

    /**
     * Brings a passivated session back into memory for a request (activation), read through the allow-list filter;
     * empty when it is not passivated here, could not be read back, or had expired meanwhile.
     */
    private Optional<ActiveSession> activate(SessionId id) {
        Optional<SessionSnapshot> stored = passivation.take(id);
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        var fresh = Session.fromSnapshot(stored.get(), tracking.trigger(), now);
        if (!table.insertLocked(id, fresh)) {
            // A copy arrived while this one was on disk (another member took the session over): that one counts.
            return lockHeld(id);
        }
        counters.activated();
        if (expiry.expiredOnAccess(fresh, now)) {
            table.unlock(fresh);
            return Optional.empty();
        }
        fresh.touch(now);
        boolean failover = !fresh.owner().equals(self);
        fresh.takeOwnership(self);
        return Optional.of(new ActiveSession(fresh, false, failover, false, releaseOf(fresh)));
    }

    /** What ending a request does to the copy here: nothing, or drop it (a waiting request then reads it afresh). */
    private Runnable releaseOf(Session session) {
        return switch (retention) {
            case KEEP_COPIES -> passivation.enabled() ? passivation::passivateOverflow : () -> { };
            case RELEASE_AFTER_REQUEST -> () -> table.remove(session.id(), session);
        };
    }

    /**
     * Ends a request's changes: a new version is replicated if attributes changed or ownership moved. On failure
     * the new version stays here (the owner) and a {@link ReplicationException} says why.
     */
    void update(ActiveSession active) throws ReplicationException {
        Session session = active.session();
        if (!table.lockedByThisThread(session)) {
            throw new IllegalStateException("update " + session.id() + " from the thread that found or created it");
        }
        Instant now = clock.instant();
        if (!session.needsReplication(now, tracking.maxUnreplicatedInterval())) {
            return;
        }
        if (tracking.snapshot() instanceof SnapshotMode.Interval && !session.ownerChanged()) {
            // The interval's send replicates it with whatever else changes before then: the request waits for nothing.
            // A takeover is not queued: until it is sent, the old owner would send its older state as its own.
            queued.queue(session.id());
            return;
        }
        session.advanceVersion();
        session.measureFootprint();
        try {
            replicator.replicate(session);
        } catch (OutrankedException lost) {
            // Another member owned the session too and its copy wins: keep its state here, not ours.
            ownership.yieldTo(session, lost.winner());
            throw lost;
        }
        session.markReplicated(now);
    }

    /**
     * Ends the session the request holds (a logout): drops it here, then tells the other members, which drop their
     * copies and refuse older replicas still on their way. A session no request has replicated yet (version 0) has
     * no copies elsewhere. On failure the session is gone here but copies may be left elsewhere, and a
     * {@link ReplicationException} says why.
     */
    void invalidate(ActiveSession active) throws ReplicationException {
        Session session = active.session();
        if (!table.lockedByThisThread(session)) {
            throw new IllegalStateException("invalidate " + session.id() + " from the thread that found or created it");
        }
        table.remove(session.id(), session);
        ended.ended(session.id(), session.version());
        counters.invalidated();
        if (session.version() > 0) {
            replicator.invalidate(session);
        }
    }
}

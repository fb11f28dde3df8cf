package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.SessionId;
import io.replsim.replication.SnapshotMode;
import io.replsim.replication.delivery.OutrankedException;
import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.EndCause;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.message.SessionVersion;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The sessions one node holds, as owner or as backup. A request locks its session ({@link #find}/{@link #create}),
 * changes it and calls {@link #update}, which replicates before returning when delivery is synchronous.
 */
public final class SessionStore {
    private final NodeId self;
    private final SessionReplicator replicator;
    private final SessionLocator locator;
    private final SessionTracking tracking;
    private final Clock clock;
    private final Supplier<SessionId> newIds;
    private final SessionRetention retention;
    private final SessionTable table;
    private final SessionCounters counters = new SessionCounters();
    private final SessionCensus census;
    /** Where sessions beyond maxActiveSessions go; empty when every session stays in memory. */
    private final Optional<PassivatedSessions> passivated;
    private final EndedSessions ended;
    /** Sessions changed since the last interval's send; empty under snapshot mode instant. */
    private final QueuedSnapshots queued = new QueuedSnapshots();

    /**
     * @param backupLockTimeout how long an incoming replica waits for a session a local request holds; kept below
     *                          the sender's sync timeout so two nodes updating one session cannot wait on each
     *                          other forever
     */
    public SessionStore(NodeId self, SessionReplicator replicator, SessionLocator locator, SessionTracking tracking,
                        Clock clock, Duration backupLockTimeout) {
        this(self, replicator, locator, tracking, clock, backupLockTimeout, new SessionIdGenerator()::next,
                SessionRetention.KEEP_COPIES);
    }

    /**
     * @param newIds    the ids of sessions created here: a cache engine picks ids whose primary owner is this node
     * @param retention whether served sessions stay here between requests
     */
    public SessionStore(NodeId self, SessionReplicator replicator, SessionLocator locator, SessionTracking tracking,
                        Clock clock, Duration backupLockTimeout, Supplier<SessionId> newIds,
                        SessionRetention retention) {
        this(self, replicator, locator, tracking, clock, backupLockTimeout, newIds, retention, Optional.empty());
    }

    /**
     * @param passivated where the owner's least recently used sessions go beyond the tracking's maxActiveSessions;
     *                   empty: all stay in memory
     */
    public SessionStore(NodeId self, SessionReplicator replicator, SessionLocator locator, SessionTracking tracking,
                        Clock clock, Duration backupLockTimeout, Supplier<SessionId> newIds,
                        SessionRetention retention, Optional<PassivatedSessions> passivated) {
        this.passivated = Objects.requireNonNull(passivated, "passivated");
        this.newIds = Objects.requireNonNull(newIds, "newIds");
        this.retention = Objects.requireNonNull(retention, "retention");
        this.self = Objects.requireNonNull(self, "self");
        this.replicator = Objects.requireNonNull(replicator, "replicator");
        this.locator = Objects.requireNonNull(locator, "locator");
        this.tracking = Objects.requireNonNull(tracking, "tracking");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.table = new SessionTable(Objects.requireNonNull(backupLockTimeout, "backupLockTimeout"));
        this.census = new SessionCensus(self, table);
        this.ended = EndedSessions.under(tracking.lifecycle(), clock);
    }

    /**
     * Whether this node lately ended {@code id} because nobody used it for the maximum inactive interval: as its
     * owner, as a member the owner told, or as the holder of a copy that idled out. What lets the node tell a
     * returning user why its session is gone.
     */
    public boolean expiredLately(SessionId id) {
        return ended.expiredLately(id);
    }

    /** A store that finds sessions only in itself. */
    public SessionStore(NodeId self, SessionReplicator replicator, Clock clock, Duration backupLockTimeout) {
        this(self, replicator, SessionLocator.NOWHERE, SessionTracking.DEFAULT, clock, backupLockTimeout);
    }

    public NodeId self() {
        return self;
    }

    /**
     * Locks the session if this node holds it, else fetches it from the members that do (data gravitation). A node
     * holding only a replica, or nothing, becomes its owner: the next {@link #update} replicates the whole session
     * with this node as owner to this node's backups, and the replicator removes the copies nobody needs any more.
     */
    public Optional<ActiveSession> find(SessionId id) {
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
        if (expiredOnAccess(fresh, clock.instant())) {
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
        if (expiredOnAccess(session, clock.instant())) {
            table.unlock(session);
            return Optional.empty();
        }
        session.touch(clock.instant());
        boolean failover = !session.owner().equals(self);
        session.takeOwnership(self);
        return Optional.of(new ActiveSession(session, false, failover, false, releaseOf(session)));
    }

    /** A new session owned by this node, locked, at version 0 until its first {@link #update}. */
    public ActiveSession create() {
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
        Optional<SessionSnapshot> stored = passivated.flatMap(store -> store.take(id));
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
        if (expiredOnAccess(fresh, now)) {
            table.unlock(fresh);
            return Optional.empty();
        }
        fresh.touch(now);
        boolean failover = !fresh.owner().equals(self);
        fresh.takeOwnership(self);
        return Optional.of(new ActiveSession(fresh, false, failover, false, releaseOf(fresh)));
    }

    /**
     * Passivates the least recently used sessions, owned ones and replicas alike, while this node keeps more of
     * them in memory than maxActiveSessions allows: JBoss counts replicated backup copies toward the session total
     * (docs/replication.md, "Passivation"). Never one a request holds: in use elsewhere, or this request's own
     * (still locked by this thread). A session not replicated yet (version 0) is being created and stays.
     */
    private void passivateOverflow() {
        if (passivated.isEmpty()) {
            return;
        }
        int max = tracking.lifecycle().maxActiveSessions().orElse(Integer.MAX_VALUE);
        if (table.size() <= max) {
            return;
        }
        record Candidate(Session session, Instant lastAccess) {
        }
        List<Candidate> held = new ArrayList<>();
        for (Session session : table.all()) {
            // Each last access read once: a sort must not see it change under it.
            held.add(new Candidate(session, session.lastAccess()));
        }
        int excess = held.size() - max;
        if (excess <= 0) {
            return;
        }
        held.sort(Comparator.comparing(Candidate::lastAccess));
        for (Candidate candidate : held) {
            Session session = candidate.session();
            // A session waiting for the interval's send stays: on disk, its changes would never leave.
            if (excess == 0 || table.lockedByThisThread(session) || queued.contains(session.id())
                    || !table.tryLock(session)) {
                continue;
            }
            try {
                if (table.holds(session.id(), session) && session.version() > 0) {
                    passivated.get().write(session.snapshot());
                    table.remove(session.id(), session);
                    counters.passivated();
                    excess--;
                }
            } catch (IOException | UncheckedIOException e) {
                // Kept in memory: a full or broken disk, or a value that cannot be serialized, costs memory, never
                // a session.
                return;
            } finally {
                table.unlock(session);
            }
        }
    }

    /**
     * Brings a passivated copy back into memory for the replication traffic that needs it (a delta's base, an
     * adoption), unlocked; empty when none is passivated here. The caller locks what the map then holds.
     */
    private Optional<Session> activateCopy(SessionId id) {
        Optional<SessionSnapshot> stored = passivated.flatMap(store -> store.take(id));
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        Session fresh = Session.fromSnapshot(stored.get(), tracking.trigger(), clock.instant());
        Session held = table.putIfAbsent(id, fresh);
        if (held == null) {
            counters.activated();
            return Optional.of(fresh);
        }
        return Optional.of(held);
    }

    /** What ending a request does to the copy here: nothing, or drop it (a waiting request then reads it afresh). */
    private Runnable releaseOf(Session session) {
        return switch (retention) {
            case KEEP_COPIES -> passivated.isPresent() ? this::passivateOverflow : () -> { };
            case RELEASE_AFTER_REQUEST -> () -> table.remove(session.id(), session);
        };
    }

    /**
     * Ends a request's changes: a new version is replicated if attributes changed or ownership moved. On failure
     * the new version stays here (the owner) and a {@link ReplicationException} says why.
     */
    public void update(ActiveSession active) throws ReplicationException {
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
            yieldTo(session, lost.winner());
            throw lost;
        }
        session.markReplicated(now);
    }

    /**
     * Replicates every session queued since the last call (snapshot mode interval), one update each with its state
     * now: for attribute granularity the attributes dirtied by every request since its last send. Each session's
     * state is taken under its lock and sent after the lock is released, so a request on it never waits for the
     * backups (a slow or deaf one under sync included). A session that ended, expired or moved to another owner
     * before its state was taken is not sent; one that ends while its update travels ends at the version sent or
     * later, so the members refuse that update if it arrives after the end: an ended session is never brought back.
     * One a request holds right now waits for the next call; one whose backups did not take the update is sent
     * again then, whole to those that missed it. Returns how many were sent.
     */
    public int replicateQueued() {
        int sent = 0;
        for (SessionId id : queued.drain()) {
            try {
                sent += replicateTaken(id);
            } finally {
                // Until here passivation leaves it alone: a failed send must find it in memory to mark it.
                queued.done(id);
            }
        }
        return sent;
    }

    /** Sends one session a round took; 1 when sent. */
    private int replicateTaken(SessionId id) {
        Session session = table.get(id);
        if (session == null) {
            return 0;
        }
        if (!table.tryLock(session)) {
            queued.retry(id);
            return 0;
        }
        SessionReplicator.PreparedSend send;
        try {
            Instant now = clock.instant();
            if (!table.holds(id, session) || !session.owner().equals(self)
                    || !session.needsReplication(now, tracking.maxUnreplicatedInterval())) {
                return 0;
            }
            session.advanceVersion();
            session.measureFootprint();
            send = replicator.prepare(session);
            // What a request changes from now on is the next send's.
            session.markReplicated(now);
        } catch (ReplicationException failed) {
            queued.retry(id);
            return 0;
        } finally {
            table.unlock(session);
        }
        try {
            send.send();
            return 1;
        } catch (OutrankedException lost) {
            table.underLockIfHeld(session, () -> yieldTo(session, lost.winner()));
        } catch (ReplicationException failed) {
            // Not rolled back, as under instant: the next send carries this version's changes at a higher one
            // (a backup that missed this version asks for the whole session).
            table.underLockIfHeld(session, session::replicationFailed);
            queued.retry(id);
        }
        return 0;
    }

    /** Sessions whose changes wait for the next interval's send. */
    public int queuedSnapshots() {
        return queued.size();
    }

    /**
     * Requests whose changes joined a session already waiting for the interval's send: each one an update instant
     * mode would have sent and interval mode did not.
     */
    public long coalescedUpdates() {
        return queued.coalesced();
    }

    /** Replaces the copy by one that outranks it; counts a conflict when the copy replaced was owned here. */
    private void yieldTo(Session held, SessionSnapshot winner) {
        if (!CopyRank.of(winner).outranks(CopyRank.of(held))) {
            return;
        }
        if (held.owner().equals(self)) {
            counters.ownershipConflictLost();
        }
        held.applySnapshot(winner);
    }

    /**
     * Settles another member's claim to own a session, sent when a partition heals: where this node holds a copy the
     * claim outranks, the claim's state replaces it (a copy owned here is a conflict lost, counted); where this node
     * holds a copy that outranks the claim, that copy is returned for the claimant to take. A node that holds no
     * copy takes none: placement, not the merge, says who holds what.
     */
    public Optional<SessionSnapshot> settle(SessionSnapshot claim) {
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
    public void yieldTo(SessionSnapshot winner) {
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

    /** The sessions held here whose owner is one of {@code owners}, by owner: orphans once those left. Sampled. */
    public Map<SessionId, NodeId> copiesOwnedBy(Set<NodeId> owners) {
        Map<SessionId, NodeId> found = new HashMap<>();
        for (Session session : table.all()) {
            NodeId owner = session.owner();
            if (owners.contains(owner)) {
                found.put(session.id(), owner);
            }
        }
        passivated.ifPresent(store -> store.ids().forEach(id -> store.entry(id)
                .filter(entry -> owners.contains(entry.owner())).ifPresent(entry -> found.put(id, entry.owner()))));
        return found;
    }

    /**
     * Takes over a copy whose owner left, before any request asks for it, and replicates it as a request's takeover
     * would: whole to this node's backups, then the other copies removed. False when the copy is gone, busy, or
     * already taken over. On a failed replication the session stays owned here and a {@link ReplicationException}
     * says why, as after a request.
     */
    public boolean adopt(SessionId id, NodeId departedOwner) throws ReplicationException {
        Session held = table.get(id);
        if (held == null) {
            held = activateCopy(id).orElse(null);
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

    /** Whether this node owns the copy held while another member claims the session: two owners. */
    private boolean ownedHereAgainst(Session held, NodeId otherOwner) {
        return held.owner().equals(self) && !otherOwner.equals(self);
    }

    /**
     * Applies a replica from another node if it is newer than the copy held. A copy removed while we waited for
     * its lock is no longer the held one: then we try again against whatever the map holds now (bounded).
     */
    public BackupOutcome applyBackup(SessionSnapshot snapshot) {
        if (ended.endedBy(snapshot.id(), snapshot.version())) {
            return BackupOutcome.STALE;
        }
        if (passivated.isPresent()) {
            PassivatedSessions store = passivated.get();
            Optional<PassivatedSessions.Entry> onDisk = store.entry(snapshot.id());
            if (onDisk.isPresent() && snapshot.version() <= onDisk.get().version()) {
                return BackupOutcome.STALE;
            }
            // A newer version from the member that took the session over: the passivated copy is stale.
            onDisk.ifPresent(entry -> store.discard(snapshot.id()));
        }
        for (int attempt = 0; attempt < 3; attempt++) {
            var fresh = Session.fromSnapshot(snapshot, tracking.trigger(), clock.instant());
            Session held = table.putIfAbsent(snapshot.id(), fresh);
            if (held == null) {
                // A new replica counts toward the limit as an owned session does.
                passivateOverflow();
                return BackupOutcome.APPLIED;
            }
            if (!table.lockWithin(held)) {
                return BackupOutcome.BUSY;
            }
            try {
                if (!table.holds(snapshot.id(), held)) {
                    continue;
                }
                if (!CopyRank.of(snapshot).outranks(CopyRank.of(held))) {
                    return ownedHereAgainst(held, snapshot.owner()) ? BackupOutcome.OWNED_HERE : BackupOutcome.STALE;
                }
                // A higher version from another owner is an ordinary takeover; the same version is a tie it won.
                if (snapshot.version() == held.version()) {
                    yieldTo(held, snapshot);
                } else {
                    held.applySnapshot(snapshot);
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
    public BackupOutcome applyDelta(AttributeDelta delta) {
        if (ended.endedBy(delta.id(), delta.version())) {
            return BackupOutcome.STALE;
        }
        Session held = table.get(delta.id());
        if (held == null && passivated.isPresent()) {
            // A replica passivated here is the delta's base: activated, not asked for again whole; then the limit
            // holds again.
            Optional<Session> activated = activateCopy(delta.id());
            if (activated.isPresent()) {
                BackupOutcome outcome = applyDeltaTo(activated.get(), delta);
                passivateOverflow();
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
                if (!ownedHereAgainst(held, delta.owner())) {
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

    /**
     * Ends the session the request holds (a logout): drops it here, then tells the other members, which drop their
     * copies and refuse older replicas still on their way. A session no request has replicated yet (version 0) has
     * no copies elsewhere. On failure the session is gone here but copies may be left elsewhere, and a
     * {@link ReplicationException} says why.
     */
    public void invalidate(ActiveSession active) throws ReplicationException {
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

    /**
     * Ends the sessions this node owns that nobody used for longer than the maximum inactive interval, telling every
     * member to drop its copy, and drops copies of other members' sessions unused for longer than that plus the
     * maximum unreplicated interval (a replica's last access lags its owner's by at most that): their owner expired
     * them, or died and left them behind. A session a request holds now is in use and is skipped. What a periodic
     * sweep calls; a request checks its own session on arrival. Returns how many sessions and copies went.
     */
    public int expireIdle() {
        if (tracking.lifecycle().maxInactiveInterval().isEmpty()) {
            return 0;
        }
        Instant now = clock.instant();
        int removed = 0;
        for (Session session : table.all()) {
            // Read without the lock first, so the sweep never waits for a request; checked again under it.
            if (!expiresNow(session, now) || !table.tryLock(session)) {
                continue;
            }
            try {
                if (!table.holds(session.id(), session) || !expiresNow(session, now)) {
                    continue;
                }
                if (session.owner().equals(self)) {
                    expire(session);
                } else {
                    table.remove(session.id(), session);
                    ended.ended(session.id(), session.version(), EndCause.EXPIRED);
                    counters.copyExpired();
                }
                removed++;
            } finally {
                table.unlock(session);
            }
        }
        return removed + expirePassivated(now);
    }

    /**
     * Passivated sessions expire too: an owned one is read back only to tell the members that hold copies; a
     * replica is dropped as a copy in memory would be, once idle for the interval plus maxUnreplicatedInterval.
     */
    private int expirePassivated(Instant now) {
        if (passivated.isEmpty()) {
            return 0;
        }
        PassivatedSessions store = passivated.get();
        Duration interval = tracking.lifecycle().maxInactiveInterval().orElseThrow();
        int removed = 0;
        for (SessionId id : store.ids()) {
            Optional<PassivatedSessions.Entry> idle = store.entry(id).filter(entry -> {
                Duration limit = entry.owner().equals(self) ? interval
                        : interval.plus(tracking.maxUnreplicatedInterval());
                return Duration.between(Instant.ofEpochMilli(entry.lastAccessEpochMs()), now).compareTo(limit) > 0;
            });
            if (idle.isPresent() && !idle.get().owner().equals(self)) {
                store.discard(id);
                ended.ended(id, idle.get().version(), EndCause.EXPIRED);
                counters.copyExpired();
                removed++;
                continue;
            }
            Optional<SessionSnapshot> snapshot = idle.isPresent() ? store.take(id) : Optional.empty();
            if (snapshot.isPresent()) {
                Session session = Session.fromSnapshot(snapshot.get(), tracking.trigger(), now);
                table.lock(session);
                try {
                    expire(session);
                } finally {
                    table.unlock(session);
                }
                removed++;
            }
        }
        return removed;
    }

    /**
     * Sessions this node moved out of memory because it held more than maxActiveSessions, owned ones and replicas
     * alike.
     */
    public long passivations() {
        return counters.passivations();
    }

    /**
     * Passivated sessions brought back into memory: by a request (its own, or a failover's takeover of a replica),
     * or by replication that needed the copy (a delta's base, an orphan's adoption).
     */
    public long activations() {
        return counters.activations();
    }

    /** Sessions passivated here now (on disk, not in {@link #counts()}). */
    public int passivatedNow() {
        return passivated.map(PassivatedSessions::size).orElse(0);
    }

    private boolean expiresNow(Session session, Instant now) {
        return idleLongerThan(session, now, session.owner().equals(self) ? Duration.ZERO
                : tracking.maxUnreplicatedInterval());
    }

    private boolean idleLongerThan(Session session, Instant now, Duration grace) {
        return tracking.lifecycle().maxInactiveInterval()
                .filter(interval -> Duration.between(session.lastAccess(), now).compareTo(interval.plus(grace)) > 0)
                .isPresent();
    }

    /** Whether the session a request just locked had been idle too long: then it has ended here and everywhere. */
    private boolean expiredOnAccess(Session session, Instant now) {
        if (!idleLongerThan(session, now, Duration.ZERO)) {
            return false;
        }
        expire(session);
        return true;
    }

    /** Ends a session the caller holds locked: dropped here, its late replicas refused, its copies ended elsewhere. */
    private void expire(Session session) {
        table.remove(session.id(), session);
        ended.ended(session.id(), session.version(), EndCause.EXPIRED);
        counters.expired();
        if (session.version() > 0) {
            try {
                replicator.expire(session);
            } catch (ReplicationException e) {
                // Not a request's error: a member that did not confirm drops its copy itself once that copy has
                // been idle for the interval plus the maximum unreplicated interval.
            }
        }
    }

    /** Sessions this node owned and ended because nobody used them for the maximum inactive interval. */
    public long expirations() {
        return counters.expirations();
    }

    /** Copies of other members' sessions this node dropped because they had gone unused for too long. */
    public long expiredCopies() {
        return counters.expiredCopies();
    }

    /** Drops this member's copy of a session its owner ended (a logout), and refuses its older replicas for a while. */
    public void endCopy(SessionVersion end) {
        endCopy(end, EndCause.INVALIDATED);
    }

    /** As {@link #endCopy(SessionVersion)}, remembering why the owner ended it. */
    public void endCopy(SessionVersion end, EndCause cause) {
        ended.ended(end.id(), end.version(), cause);
        removeCopy(end);
    }

    /** A copy of the session as last replicated or applied here, without locking it for a request. */
    public Optional<SessionSnapshot> peek(SessionId id) {
        Session session = table.get(id);
        if (session == null) {
            return passivated.flatMap(store -> store.read(id));
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
    public Optional<SessionSnapshot> copyForGravitation(SessionId id) {
        Session session = table.get(id);
        if (session == null) {
            return passivated.flatMap(store -> store.read(id));
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
     * Drops a copy another member no longer needs here, unless a newer write reached it since. True when dropped
     * or already absent.
     */
    public boolean removeCopy(SessionVersion copy) {
        Session session = table.get(copy.id());
        if (session == null) {
            passivated.ifPresent(store -> store.entry(copy.id()).filter(entry -> entry.version() <= copy.version())
                    .ifPresent(entry -> store.discard(copy.id())));
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

    /** Every session this node owns, each copied under its lock: what a view change may push to new backups. */
    public List<SessionSnapshot> ownedSnapshots() {
        List<SessionSnapshot> owned = new ArrayList<>();
        table.forEachLocked(session -> session.owner().equals(self), session -> {
            // Not yet replicated (version 0) means a request is still creating it: its update replicates it.
            if (session.version() > 0) {
                owned.add(session.snapshot());
            }
        });
        passivated.ifPresent(store -> store.ids().forEach(id -> store.entry(id)
                .filter(entry -> entry.owner().equals(self))
                .ifPresent(entry -> store.read(id).ifPresent(owned::add))));
        return owned;
    }

    /**
     * Applies {@code alteration} to every copy this node holds of another member's session, each under its lock,
     * and counts those it says it changed. For tests that damage replicas on purpose, to show the load driver's
     * checks catch it (docs/interfaces.md §3); nothing else changes a backup copy but replication.
     */
    public int alterBackupCopies(Predicate<Session> alteration) {
        AtomicInteger altered = new AtomicInteger();
        table.forEachLocked(session -> !session.owner().equals(self), session -> {
            if (alteration.test(session)) {
                altered.incrementAndGet();
            }
        });
        return altered.get();
    }

    /**
     * The estimated heap held by copies of other members' sessions ({@link ReplicaFootprint}): what a placement
     * costs each node. Sampled without locks, like {@link #counts()}.
     */
    public long backupFootprintBytes() {
        return census.backupFootprintBytes();
    }

    /**
     * The estimated heap held by every session here, owned and copies ({@link ReplicaFootprint}, as each was last
     * replicated or applied): a node's session memory. Sampled without locks, like {@link #counts()}.
     */
    public long heldFootprintBytes() {
        return census.heldFootprintBytes();
    }

    /** How many sessions requests on this node ended (logouts) since it started. */
    public long invalidations() {
        return counters.invalidations();
    }

    /**
     * How many sessions this node owned and lost to another owner's copy that outranked its own ({@link CopyRank}):
     * a partition healed with both sides owning them, or two members took one session over at once. Counted on the
     * loser, so the sum over the members is the number of conflicts.
     */
    public long ownershipConflicts() {
        return counters.ownershipConflicts();
    }

    /** How many sessions this node fetched from other members since it started. */
    public long gravitations() {
        return counters.gravitations();
    }

    public SessionCounts counts() {
        return census.counts();
    }
}

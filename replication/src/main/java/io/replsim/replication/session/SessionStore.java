package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.SessionId;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The sessions one node holds, as owner or as backup. A request locks its session ({@link #find}/{@link #create}),
 * changes it and calls {@link #update}, which replicates before returning when delivery is synchronous.
 */
public final class SessionStore {
    private final NodeId self;
    private final SessionReplicator replicator;
    private final Clock clock;
    private final Duration backupLockTimeout;
    private final SessionIdGenerator ids = new SessionIdGenerator();
    private final ConcurrentHashMap<SessionId, Session> sessions = new ConcurrentHashMap<>();

    /**
     * @param backupLockTimeout how long an incoming replica waits for a session a local request holds; kept below
     *                          the sender's sync timeout so two nodes updating one session cannot wait on each
     *                          other forever
     */
    public SessionStore(NodeId self, SessionReplicator replicator, Clock clock, Duration backupLockTimeout) {
        this.self = Objects.requireNonNull(self, "self");
        this.replicator = Objects.requireNonNull(replicator, "replicator");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.backupLockTimeout = Objects.requireNonNull(backupLockTimeout, "backupLockTimeout");
    }

    public NodeId self() {
        return self;
    }

    /**
     * Locks the session if this node holds it. A node holding only a replica becomes its owner: the next
     * {@link #update} replicates the whole session with this node as owner, and the old owner keeps a backup.
     */
    public Optional<ActiveSession> find(SessionId id) {
        Session session = sessions.get(id);
        if (session == null) {
            return Optional.empty();
        }
        session.lock.lock();
        session.touch(clock.instant());
        boolean failover = !session.owner().equals(self);
        session.takeOwnership(self);
        return Optional.of(new ActiveSession(session, false, failover));
    }

    /** A new session owned by this node, locked, at version 0 until its first {@link #update}. */
    public ActiveSession create() {
        var session = new Session(ids.next(), self, clock.instant());
        session.lock.lock();
        sessions.put(session.id(), session);
        return new ActiveSession(session, true, false);
    }

    /**
     * Ends a request's changes: a new version is replicated if attributes changed or ownership moved. On failure
     * the new version stays here (the owner) and a {@link ReplicationException} says why.
     */
    public void update(ActiveSession active) throws ReplicationException {
        Session session = active.session();
        if (!session.lock.isHeldByCurrentThread()) {
            throw new IllegalStateException("update " + session.id() + " from the thread that found or created it");
        }
        if (!session.needsReplication()) {
            return;
        }
        session.advanceVersion();
        replicator.replicate(session);
        session.markReplicated();
    }

    /** Applies a replica from another node if it is newer than the copy held. */
    public BackupOutcome applyBackup(SessionSnapshot snapshot) {
        var fresh = Session.fromSnapshot(snapshot);
        Session held = sessions.putIfAbsent(snapshot.id(), fresh);
        if (held == null) {
            return BackupOutcome.APPLIED;
        }
        try {
            if (!held.lock.tryLock(backupLockTimeout.toNanos(), TimeUnit.NANOSECONDS)) {
                return BackupOutcome.BUSY;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return BackupOutcome.BUSY;
        }
        try {
            if (snapshot.version() <= held.version()) {
                return BackupOutcome.STALE;
            }
            held.applySnapshot(snapshot);
            return BackupOutcome.APPLIED;
        } finally {
            held.lock.unlock();
        }
    }

    /** A copy of the session as last replicated or applied here, without locking it for a request. */
    public Optional<SessionSnapshot> peek(SessionId id) {
        Session session = sessions.get(id);
        if (session == null) {
            return Optional.empty();
        }
        session.lock.lock();
        try {
            return Optional.of(session.snapshot());
        } finally {
            session.lock.unlock();
        }
    }

    public SessionCounts counts() {
        int owned = 0;
        int backup = 0;
        for (Session session : sessions.values()) {
            // Read without the lock: a count is a sample, and a request must never wait for the stats endpoint.
            if (session.owner().equals(self)) {
                owned++;
            } else {
                backup++;
            }
        }
        return new SessionCounts(owned, backup);
    }
}

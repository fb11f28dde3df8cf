package io.replsim.replication.session;

import io.replsim.replication.SessionId;

import java.time.Duration;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The sessions one node holds, as owner or as backup, and their locks. A copy is held only while the table maps its
 * id to that very copy: a removal may drop it while someone waits for its lock, so whoever locks a copy checks,
 * under the lock, that the table still holds it ({@link #holds}). Every part of the store reaches sessions and
 * their locks through here.
 */
final class SessionTable {
    private final ConcurrentHashMap<SessionId, Session> sessions = new ConcurrentHashMap<>();
    private final Duration replicaLockTimeout;

    /**
     * @param replicaLockTimeout how long replication traffic waits for a session a local request holds
     *                           ({@link #lockWithin})
     */
    SessionTable(Duration replicaLockTimeout) {
        this.replicaLockTimeout = Objects.requireNonNull(replicaLockTimeout, "replicaLockTimeout");
    }

    /** The copy held under {@code id}, or null when none is. */
    Session get(SessionId id) {
        return sessions.get(id);
    }

    /** Whether the table maps {@code id} to this very copy. */
    boolean holds(SessionId id, Session session) {
        return sessions.get(id) == session;
    }

    void put(Session session) {
        sessions.put(session.id(), session);
    }

    /** Holds {@code fresh} under {@code id} unless a copy is held there already; returns that copy, or null. */
    Session putIfAbsent(SessionId id, Session fresh) {
        return sessions.putIfAbsent(id, fresh);
    }

    /** Drops the copy if the table still maps {@code id} to it. */
    boolean remove(SessionId id, Session session) {
        return sessions.remove(id, session);
    }

    /** Every copy held, as the table changes under the caller (weakly consistent). */
    Collection<Session> all() {
        return sessions.values();
    }

    int size() {
        return sessions.size();
    }

    void lock(Session session) {
        session.lock.lock();
    }

    void unlock(Session session) {
        session.lock.unlock();
    }

    /** Locks the session if nobody holds it now; never waits. */
    boolean tryLock(Session session) {
        return session.lock.tryLock();
    }

    /**
     * Locks the session, waiting at most the replica lock timeout for a request that holds it; false when that
     * passed or the thread was interrupted (its interrupt flag set again).
     */
    boolean lockWithin(Session session) {
        try {
            return session.lock.tryLock(replicaLockTimeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    boolean lockedByThisThread(Session session) {
        return session.lock.isHeldByCurrentThread();
    }

    /**
     * Locks the copy held under {@code id}, waiting for whoever holds it. A removal may drop the copy while we wait
     * for its lock; then the table holds another copy or none, and we look again (a bounded number of times: each
     * retry means a removal won a race). Empty when none is held, or after the last retry.
     */
    Optional<Session> lockCurrent(SessionId id) {
        for (int attempt = 0; attempt < 3; attempt++) {
            Session session = sessions.get(id);
            if (session == null) {
                return Optional.empty();
            }
            session.lock.lock();
            if (sessions.get(id) == session) {
                return Optional.of(session);
            }
            session.lock.unlock();
        }
        return Optional.empty();
    }

    /**
     * Holds {@code fresh} under {@code id}, locked, unless a copy is held there already: then {@code fresh} is left
     * unlocked and out of the table, and the answer is false.
     */
    boolean insertLocked(SessionId id, Session fresh) {
        fresh.lock.lock();
        if (sessions.putIfAbsent(id, fresh) != null) {
            fresh.lock.unlock();
            return false;
        }
        return true;
    }

    /** Runs {@code action} on a session still held here, under its lock (a request holding it is waited for). */
    void underLockIfHeld(Session session, Runnable action) {
        session.lock.lock();
        try {
            if (sessions.get(session.id()) == session) {
                action.run();
            }
        } finally {
            session.lock.unlock();
        }
    }

    /**
     * Runs {@code action} under its lock on every copy {@code which} picks, waiting for the requests that hold
     * them; the choice is read without the lock first and again under it, with the table still holding the copy.
     */
    void forEachLocked(Predicate<Session> which, Consumer<Session> action) {
        for (Session session : sessions.values()) {
            if (!which.test(session)) {
                continue;
            }
            session.lock.lock();
            try {
                if (which.test(session) && sessions.get(session.id()) == session) {
                    action.accept(session);
                }
            } finally {
                session.lock.unlock();
            }
        }
    }
}

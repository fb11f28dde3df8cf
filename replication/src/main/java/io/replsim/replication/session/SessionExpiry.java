package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.EndCause;
import io.replsim.replication.message.SessionSnapshot;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Ends sessions nobody used for the maximum inactive interval: on access (a request's own session) and by a
 * periodic sweep (sessions and copies in memory or on disk); and remembers which ended that way.
 */
final class SessionExpiry {
    private final NodeId self;
    private final SessionTable table;
    private final SessionReplicator replicator;
    private final SessionTracking tracking;
    private final Clock clock;
    private final EndedSessions ended;
    private final SessionCounters counters;
    private final Optional<PassivatedSessions> passivated;

    SessionExpiry(NodeId self, SessionTable table, SessionReplicator replicator, SessionTracking tracking, Clock clock,
                  EndedSessions ended, SessionCounters counters, Optional<PassivatedSessions> passivated) {
        this.self = Objects.requireNonNull(self, "self");
        this.table = Objects.requireNonNull(table, "table");
        this.replicator = Objects.requireNonNull(replicator, "replicator");
        this.tracking = Objects.requireNonNull(tracking, "tracking");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.ended = Objects.requireNonNull(ended, "ended");
        this.counters = Objects.requireNonNull(counters, "counters");
        this.passivated = Objects.requireNonNull(passivated, "passivated");
    }

    /**
     * Whether this node lately ended {@code id} because nobody used it for the maximum inactive interval: as its
     * owner, as a member the owner told, or as the holder of a copy that idled out. What lets the node tell a
     * returning user why its session is gone.
     */
    boolean expiredLately(SessionId id) {
        return ended.expiredLately(id);
    }

    /**
     * Ends the sessions this node owns that nobody used for longer than the maximum inactive interval, telling every
     * member to drop its copy, and drops copies of other members' sessions unused for longer than that plus the
     * maximum unreplicated interval (a replica's last access lags its owner's by at most that): their owner expired
     * them, or died and left them behind. A session a request holds now is in use and is skipped. What a periodic
     * sweep calls; a request checks its own session on arrival. Returns how many sessions and copies went.
     */
    int expireIdle() {
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
    boolean expiredOnAccess(Session session, Instant now) {
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
}

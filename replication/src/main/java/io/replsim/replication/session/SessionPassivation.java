package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.message.SessionVersion;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Moves sessions between the table and the disk: out beyond maxActiveSessions, back in when replication needs a
 * copy; and answers what the rest of the store asks of the sessions on disk. Without a {@link PassivatedSessions}
 * every session stays in memory and nothing is on disk.
 */
final class SessionPassivation {
    private final SessionTable table;
    /** Where sessions beyond maxActiveSessions go; empty when every session stays in memory. */
    private final Optional<PassivatedSessions> passivated;
    private final SessionTracking tracking;
    private final Clock clock;
    private final QueuedSnapshots queued;
    private final SessionCounters counters;

    SessionPassivation(SessionTable table, Optional<PassivatedSessions> passivated, SessionTracking tracking,
                       Clock clock, QueuedSnapshots queued, SessionCounters counters) {
        this.table = Objects.requireNonNull(table, "table");
        this.passivated = Objects.requireNonNull(passivated, "passivated");
        this.tracking = Objects.requireNonNull(tracking, "tracking");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.queued = Objects.requireNonNull(queued, "queued");
        this.counters = Objects.requireNonNull(counters, "counters");
    }

    /** Whether sessions beyond maxActiveSessions go to disk here. */
    boolean enabled() {
        return passivated.isPresent();
    }

    /**
     * Passivates the least recently used sessions, owned ones and replicas alike, while this node keeps more of
     * them in memory than maxActiveSessions allows: JBoss counts replicated backup copies toward the session total
     * (docs/replication.md, "Passivation"). Never one a request holds: in use elsewhere, or this request's own
     * (still locked by this thread). A session not replicated yet (version 0) is being created and stays.
     */
    void passivateOverflow() {
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
     * adoption), unlocked; empty when none is passivated here. The caller locks what the table then holds.
     */
    Optional<Session> activateCopy(SessionId id) {
        Optional<SessionSnapshot> stored = take(id);
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

    /** The session read back and no longer passivated; empty when it is not passivated here or is unreadable. */
    Optional<SessionSnapshot> take(SessionId id) {
        return passivated.flatMap(store -> store.take(id));
    }

    /** The session read back and left passivated; empty as for {@link #take}. */
    Optional<SessionSnapshot> read(SessionId id) {
        return passivated.flatMap(store -> store.read(id));
    }

    /**
     * Whether a replica may be applied as far as the disk goes: false when the copy passivated here is as new. A
     * newer version from the member that took the session over makes the passivated copy stale: it is dropped.
     */
    boolean makeWayFor(SessionSnapshot replica) {
        if (passivated.isEmpty()) {
            return true;
        }
        PassivatedSessions store = passivated.get();
        Optional<PassivatedSessions.Entry> onDisk = store.entry(replica.id());
        if (onDisk.isPresent() && replica.version() <= onDisk.get().version()) {
            return false;
        }
        onDisk.ifPresent(entry -> store.discard(replica.id()));
        return true;
    }

    /** Drops the passivated copy unless it is newer than {@code copy}. */
    void discardUpTo(SessionVersion copy) {
        passivated.ifPresent(store -> store.entry(copy.id()).filter(entry -> entry.version() <= copy.version())
                .ifPresent(entry -> store.discard(copy.id())));
    }

    /** The passivated sessions {@code owner} owns, read back and left passivated. */
    List<SessionSnapshot> ownedBy(NodeId owner) {
        List<SessionSnapshot> owned = new ArrayList<>();
        passivated.ifPresent(store -> store.ids().forEach(id -> store.entry(id)
                .filter(entry -> entry.owner().equals(owner))
                .ifPresent(entry -> store.read(id).ifPresent(owned::add))));
        return owned;
    }

    /** The passivated sessions whose owner is one of {@code owners}, by owner. */
    Map<SessionId, NodeId> ownersAmong(Set<NodeId> owners) {
        Map<SessionId, NodeId> found = new HashMap<>();
        passivated.ifPresent(store -> store.ids().forEach(id -> store.entry(id)
                .filter(entry -> owners.contains(entry.owner())).ifPresent(entry -> found.put(id, entry.owner()))));
        return found;
    }

    /** Sessions passivated here now (on disk, not in the table). */
    int passivatedNow() {
        return passivated.map(PassivatedSessions::size).orElse(0);
    }
}

package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.SessionId;
import io.replsim.replication.delivery.OutrankedException;

import java.time.Clock;
import java.time.Instant;
import java.util.Objects;

/** The interval's send (snapshot mode interval): replicates the sessions requests queued since the last round. */
final class QueuedReplication {
    private final NodeId self;
    private final SessionTable table;
    private final SessionReplicator replicator;
    private final SessionTracking tracking;
    private final Clock clock;
    private final QueuedSnapshots queued;
    private final SessionOwnership ownership;

    QueuedReplication(NodeId self, SessionTable table, SessionReplicator replicator, SessionTracking tracking,
                      Clock clock, QueuedSnapshots queued, SessionOwnership ownership) {
        this.self = Objects.requireNonNull(self, "self");
        this.table = Objects.requireNonNull(table, "table");
        this.replicator = Objects.requireNonNull(replicator, "replicator");
        this.tracking = Objects.requireNonNull(tracking, "tracking");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.queued = Objects.requireNonNull(queued, "queued");
        this.ownership = Objects.requireNonNull(ownership, "ownership");
    }

    /**
     * Replicates every session queued since the last call, one update each with its state now: for attribute
     * granularity the attributes dirtied by every request since its last send. Each session's state is taken under
     * its lock and sent after the lock is released, so a request on it never waits for the backups (a slow or deaf
     * one under sync included). A session that ended, expired or moved to another owner before its state was taken
     * is not sent; one that ends while its update travels ends at the version sent or later, so the members refuse
     * that update if it arrives after the end: an ended session is never brought back. One a request holds right now
     * waits for the next call; one whose backups did not take the update is sent again then, whole to those that
     * missed it. Returns how many were sent.
     */
    int replicateQueued() {
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
            table.underLockIfHeld(session, () -> ownership.yieldTo(session, lost.winner()));
        } catch (ReplicationException failed) {
            // Not rolled back, as under instant: the next send carries this version's changes at a higher one
            // (a backup that missed this version asks for the whole session).
            table.underLockIfHeld(session, session::replicationFailed);
            queued.retry(id);
        }
        return 0;
    }
}

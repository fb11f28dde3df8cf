package io.replsim.replication.infinispan;

import io.replsim.replication.DegradedPartitionException;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.SessionId;
import io.replsim.replication.member.ReplicationCounters;
import io.replsim.replication.marshalling.RejectedMessageException;
import io.replsim.replication.session.Session;
import io.replsim.replication.session.SessionLocator;
import io.replsim.replication.session.SessionReplicator;
import io.replsim.replication.message.SessionSnapshot;
import org.infinispan.AdvancedCache;
import org.infinispan.context.Flag;
import org.infinispan.partitionhandling.AvailabilityException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * The session store's way to the cache: a request's changes are written to it (replication is the cache's job), and
 * every request reads its session from it, locally on an owner, remotely on any other member.
 */
final class CacheSessions implements SessionReplicator, SessionLocator {
    private static final Logger log = LoggerFactory.getLogger(CacheSessions.class);

    private final AdvancedCache<String, byte[]> cache;
    private final AdvancedCache<String, byte[]> writes;
    private final SessionEntries entries;
    private final ReplicationCounters counters;
    private final LongAdder remoteReads = new LongAdder();

    CacheSessions(AdvancedCache<String, byte[]> cache, SessionEntries entries, ReplicationCounters counters) {
        this.cache = cache;
        // A write needs no previous value: without this flag a non-owner would fetch it from the owner first.
        this.writes = cache.withFlags(Flag.IGNORE_RETURN_VALUES);
        this.entries = entries;
        this.counters = counters;
    }

    @Override
    public void replicate(Session session) throws ReplicationException {
        long start = System.nanoTime();
        boolean failed = true;
        try {
            entries.write(writes, session);
            failed = false;
        } catch (RuntimeException e) {
            refuseIfDegraded(e, "write session " + session.id() + " v" + session.version());
            // A timeout, a member suspected mid-write, a partition: the change may be on this node only.
            throw new ReplicationException("session " + session.id() + " v" + session.version() + ": " + e, e);
        } finally {
            counters.record((System.nanoTime() - start) / 1_000, failed);
        }
    }

    @Override
    public void invalidate(Session session) throws ReplicationException {
        try {
            entries.remove(writes, session);
        } catch (RuntimeException e) {
            refuseIfDegraded(e, "remove session " + session.id());
            throw new ReplicationException("session " + session.id() + " ended here, but its cache entries may be"
                    + " left: " + e, e);
        }
    }

    @Override
    public Optional<SessionSnapshot> locate(SessionId id) {
        boolean owner = cache.getDistributionManager().getCacheTopology().isReadOwner(SessionKeys.session(id));
        try {
            Optional<SessionSnapshot> found = entries.read(cache, id);
            if (found.isPresent() && !owner) {
                remoteReads.increment();
            }
            return found;
        } catch (RejectedMessageException e) {
            log.warn("session {}: refused its cache entry: {} ({})", id, e.offending(), e.getMessage());
            return Optional.empty();
        } catch (RuntimeException e) {
            // Not found would make the node start a new session in its place: a degraded side refuses instead.
            refuseIfDegraded(e, "read session " + id);
            log.warn("session {}: cannot read it from the cache: {}", id, e.toString());
            return Optional.empty();
        }
    }

    /**
     * Throws a {@link DegradedPartitionException} when the cache refused because this member's side of a partition
     * is degraded (whenSplit deny-read-writes or allow-reads): nothing was read or written.
     */
    private void refuseIfDegraded(RuntimeException e, String what) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof AvailabilityException) {
                throw new DegradedPartitionException("cannot " + what + ": this member's side of a partition is"
                        + " degraded, the cache refuses until the partition heals (" + cause.getMessage() + ")", e);
            }
        }
    }

    long remoteReads() {
        return remoteReads.sum();
    }
}

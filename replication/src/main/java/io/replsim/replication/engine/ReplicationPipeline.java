package io.replsim.replication.engine;

import io.replsim.replication.AsyncStats;
import io.replsim.replication.AsyncEnds;
import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.delivery.AsynchronousDelivery;
import io.replsim.replication.delivery.Delivery;
import io.replsim.replication.delivery.Outgoing;
import io.replsim.replication.delivery.OutrankedException;
import io.replsim.replication.delivery.SynchronousDelivery;
import io.replsim.replication.member.ReplicationCounters;
import io.replsim.replication.marshalling.MessageMarshaller;
import io.replsim.replication.message.EndCause;
import io.replsim.replication.message.SessionVersion;
import io.replsim.replication.granularity.AttributeGranularity;
import io.replsim.replication.granularity.Granularity;
import io.replsim.replication.granularity.SessionGranularity;
import io.replsim.replication.session.Session;
import io.replsim.replication.session.SessionReplicator;
import io.replsim.replication.transport.ClusterTransport;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Replicates a session as three independent choices: placement (who), granularity (what), delivery (how). The factory
 * {@link #forSpec} is the one place a {@link ReplicationSpec} becomes behaviour.
 */
public final class ReplicationPipeline implements SessionReplicator, AutoCloseable {
    private final NodeId self;
    private final Placement placement;
    private final Granularity granularity;
    private final Delivery delivery;
    private final Supplier<ClusterView> currentView;
    private final ReplicationCounters counters;
    private final StaleCopyRemoval staleCopies;
    private final SessionEnds invalidation;
    private final MessageMarshaller marshaller;

    ReplicationPipeline(NodeId self, Placement placement, Granularity granularity, Delivery delivery,
                        Supplier<ClusterView> currentView, ReplicationCounters counters, StaleCopyRemoval staleCopies,
                        SessionEnds invalidation, MessageMarshaller marshaller) {
        this.self = Objects.requireNonNull(self, "self");
        this.placement = Objects.requireNonNull(placement, "placement");
        this.granularity = Objects.requireNonNull(granularity, "granularity");
        this.delivery = Objects.requireNonNull(delivery, "delivery");
        this.currentView = Objects.requireNonNull(currentView, "currentView");
        this.counters = Objects.requireNonNull(counters, "counters");
        this.staleCopies = Objects.requireNonNull(staleCopies, "staleCopies");
        this.invalidation = Objects.requireNonNull(invalidation, "invalidation");
        this.marshaller = Objects.requireNonNull(marshaller, "marshaller");
    }

    static ReplicationPipeline forSpec(ReplicationSpec spec, ClusterTransport transport, ReplicationCounters counters) {
        Granularity granularity = switch (spec.granularity()) {
            case SESSION -> new SessionGranularity();
            case ATTRIBUTE -> new AttributeGranularity();
        };
        Delivery delivery = switch (spec.delivery()) {
            case SYNC -> new SynchronousDelivery(transport, spec.syncTimeout());
            case ASYNC -> new AsynchronousDelivery(transport, spec.asyncQueue(), spec.syncTimeout());
        };
        SessionEnds ends = delivery instanceof AsynchronousDelivery async
                && spec.asyncQueue().ends() == AsyncEnds.QUEUED ? new QueuedSessionEnds(async)
                : new SessionInvalidation(transport, spec.syncTimeout());
        return new ReplicationPipeline(transport.self(), spec.placement(), granularity, delivery, transport::view,
                counters, new StaleCopyRemoval(transport, spec.syncTimeout()), ends, transport.marshaller());
    }

    @Override
    public void replicate(Session session) throws ReplicationException {
        ClusterView view = currentView.get();
        List<NodeId> backups = placement.backupsFor(session.id(), self, view);
        if (!backups.isEmpty()) {
            send(session, backups);
        }
        if (session.ownerChanged()) {
            // A takeover: the old owner and old backups may hold copies that are not ours to keep. Under sync only
            // after our own backups hold the new version, so the session is never held by fewer members than
            // placement says; under async once it is queued, which is part of the loss window async accepts.
            List<NodeId> others = view.members().stream()
                    .filter(member -> !member.equals(self) && !backups.contains(member)).toList();
            staleCopies.removeFrom(others, List.of(new SessionVersion(session.id(), session.version() - 1)));
        }
    }

    /**
     * Under the lock: the backups, the message (its attribute values frozen: a request after the lock is released
     * may change them in place) and, on a takeover, the copies to remove; the send itself runs later, outside it.
     */
    @Override
    public PreparedSend prepare(Session session) {
        ClusterView view = currentView.get();
        List<NodeId> backups = placement.backupsFor(session.id(), self, view);
        Outgoing message = backups.isEmpty() ? null : granularity.messageFor(session).frozenBy(marshaller);
        SessionId id = session.id();
        long version = session.version();
        List<NodeId> stale = session.ownerChanged() ? view.members().stream()
                .filter(member -> !member.equals(self) && !backups.contains(member)).toList() : List.of();
        return () -> {
            if (message != null) {
                send(message, id, version, backups);
            }
            if (!stale.isEmpty()) {
                staleCopies.removeFrom(stale, List.of(new SessionVersion(id, version - 1)));
            }
        };
    }

    /**
     * Under async too the end waits for the members unless {@code async.ends} is {@code queued}: a logout is rare,
     * and a copy left behind lives until its own sweep expires it, or forever without a maximum inactive interval.
     */
    @Override
    public void invalidate(Session session) throws ReplicationException {
        List<NodeId> others = currentView.get().members().stream().filter(member -> !member.equals(self)).toList();
        invalidation.announce(session, others, EndCause.INVALIDATED);
    }

    @Override
    public void expire(Session session) throws ReplicationException {
        List<NodeId> others = currentView.get().members().stream().filter(member -> !member.equals(self)).toList();
        invalidation.announce(session, others, EndCause.EXPIRED);
    }

    private void send(Session session, List<NodeId> backups) throws ReplicationException {
        send(granularity.messageFor(session), session.id(), session.version(), backups);
    }

    private void send(Outgoing message, SessionId id, long version, List<NodeId> backups)
            throws ReplicationException {
        long start = System.nanoTime();
        boolean failed = true;
        try {
            delivery.deliver(message, backups);
            failed = false;
        } catch (OutrankedException e) {
            throw e; // the store takes the winning copy it carries
        } catch (ReplicationException e) {
            throw new ReplicationException("session " + id + " v" + version + ": " + e.getMessage(), e);
        } finally {
            counters.record((System.nanoTime() - start) / 1_000, failed);
        }
    }

    void viewInstalled(ClusterView view) {
        delivery.viewInstalled(view);
    }

    AsyncStats queueStats() {
        return delivery.stats();
    }

    @Override
    public void close() {
        delivery.close();
    }
}

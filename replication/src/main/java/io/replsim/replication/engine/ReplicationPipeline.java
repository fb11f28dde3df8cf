package io.replsim.replication.engine;

import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.delivery.DeliveryMode;
import io.replsim.replication.delivery.SynchronousDelivery;
import io.replsim.replication.scope.ReplicationScope;
import io.replsim.replication.scope.WholeSessionScope;
import io.replsim.replication.session.Session;
import io.replsim.replication.session.SessionReplicator;
import io.replsim.replication.transport.ClusterTransport;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Replicates a session as three independent choices: placement (who), scope (what), delivery (how). The factory
 * {@link #forSpec} is the one place a {@link ReplicationSpec} becomes behaviour.
 */
public final class ReplicationPipeline implements SessionReplicator {
    private final NodeId self;
    private final Placement placement;
    private final ReplicationScope scope;
    private final DeliveryMode delivery;
    private final Supplier<ClusterView> currentView;
    private final ReplicationCounters counters;

    ReplicationPipeline(NodeId self, Placement placement, ReplicationScope scope, DeliveryMode delivery,
                        Supplier<ClusterView> currentView, ReplicationCounters counters) {
        this.self = Objects.requireNonNull(self, "self");
        this.placement = Objects.requireNonNull(placement, "placement");
        this.scope = Objects.requireNonNull(scope, "scope");
        this.delivery = Objects.requireNonNull(delivery, "delivery");
        this.currentView = Objects.requireNonNull(currentView, "currentView");
        this.counters = Objects.requireNonNull(counters, "counters");
    }

    static ReplicationPipeline forSpec(ReplicationSpec spec, ClusterTransport transport, ReplicationCounters counters) {
        ReplicationScope scope = switch (spec.granularity()) {
            case SESSION -> new WholeSessionScope();
        };
        DeliveryMode delivery = switch (spec.delivery()) {
            case SYNC -> new SynchronousDelivery(transport, spec.syncTimeout());
        };
        return new ReplicationPipeline(transport.self(), spec.placement(), scope, delivery, transport::view, counters);
    }

    @Override
    public void replicate(Session session) throws ReplicationException {
        List<NodeId> backups = placement.backupsFor(session.id(), self, currentView.get());
        if (backups.isEmpty()) {
            return;
        }
        long start = System.nanoTime();
        boolean failed = true;
        try {
            delivery.deliver(scope.messageFor(session), backups);
            failed = false;
        } catch (ReplicationException e) {
            throw new ReplicationException("session " + session.id() + " v" + session.version() + ": "
                    + e.getMessage(), e);
        } finally {
            counters.record((System.nanoTime() - start) / 1_000, failed);
        }
    }
}

package io.replsim.replication.engine;

import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.marshalling.MessageMarshaller;
import io.replsim.replication.member.ReplicationCounters;
import io.replsim.replication.member.ReplicationEngine;
import io.replsim.replication.member.ReplicationStats;
import io.replsim.replication.session.SessionLocator;
import io.replsim.replication.session.SessionStore;
import io.replsim.replication.session.SessionTracking;
import io.replsim.replication.transport.ClusterTransport;
import io.replsim.replication.transport.FaultPoint;
import io.replsim.replication.transport.StackSpec;
import io.replsim.replication.transport.ViewHistory;
import io.replsim.replication.session.SessionCounts;

import io.replsim.replication.session.PassivatedSessions;
import io.replsim.replication.session.SessionIdGenerator;
import io.replsim.replication.session.SessionRetention;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * One member's replication: its channel, its session store, and the pipeline between them, started together and
 * closed together. What an application server embeds.
 */
public final class JGroupsEngine implements ReplicationEngine {
    private final ReplicationSpec spec;
    private final ClusterTransport transport;
    private final SessionStore store;
    private final ReplicationCounters counters;
    private final BackupRebalancer rebalancer;
    private final ReplicationPipeline pipeline;
    private final IdleSessionSweep sweep;
    private final IntervalSnapshots snapshots;

    private JGroupsEngine(ReplicationSpec spec, ClusterTransport transport, SessionStore store,
                            ReplicationCounters counters, BackupRebalancer rebalancer, ReplicationPipeline pipeline,
                            IdleSessionSweep sweep, IntervalSnapshots snapshots) {
        this.sweep = sweep;
        this.snapshots = snapshots;
        this.spec = spec;
        this.transport = transport;
        this.store = store;
        this.counters = counters;
        this.rebalancer = rebalancer;
        this.pipeline = pipeline;
    }

    /** Builds the member and joins the cluster; returns once this member has a view. */
    public static JGroupsEngine start(NodeId self, String clusterName, StackSpec stack, ReplicationSpec spec)
            throws Exception {
        return start(self, clusterName, stack, spec, Optional.empty());
    }

    /**
     * As {@link #start(NodeId, String, StackSpec, ReplicationSpec)}, passivating sessions beyond the spec's
     * maxActiveSessions into {@code passivationDirectory} (a directory of its own made for the purpose when empty).
     */
    public static JGroupsEngine start(NodeId self, String clusterName, StackSpec stack, ReplicationSpec spec,
                                      Optional<Path> passivationDirectory) throws Exception {
        Objects.requireNonNull(spec, "spec");
        Optional<PassivatedSessions> passivated = Optional.empty();
        if (spec.lifecycle().maxActiveSessions().isPresent()) {
            passivated = Optional.of(PassivatedSessions.in(passivationDirectory.isPresent()
                    ? passivationDirectory.get()
                    : Files.createTempDirectory("replsim-" + self.name() + "-passivated-")));
        }
        var transport = ClusterTransport.create(self, clusterName, stack, MessageMarshaller.standard());
        try {
            var counters = new ReplicationCounters();
            var pipeline = ReplicationPipeline.forSpec(spec, transport, counters);
            // An incoming replica waits for a local request at most half the sync timeout, so that when two
            // nodes update one session at once, both fail fast rather than both time out.
            // Under placement none no member holds another's session: asking them (and waiting for a dead one
            // until the sync timeout) would only delay the new session a failed-over user gets anyway.
            SessionLocator locator = spec.placement() instanceof Placement.None ? SessionLocator.NOWHERE
                    : new Gravitation(transport, spec.syncTimeout());
            var store = new SessionStore(self, pipeline, locator,
                    new SessionTracking(spec.trigger(), spec.maxUnreplicatedInterval(), spec.lifecycle(),
                            spec.snapshot()), Clock.systemUTC(),
                    spec.syncTimeout().dividedBy(2), new SessionIdGenerator()::next, SessionRetention.KEEP_COPIES,
                    passivated);
            var rebalancer = new BackupRebalancer(self, spec.placement(), spec.orphans(), store, transport,
                    spec.syncTimeout());
            transport.onView(pipeline::viewInstalled);
            transport.onMerge(rebalancer::mergeInstalled);
            transport.onView(rebalancer::viewInstalled);
            try {
                transport.connect(new InboundReplication(store));
            } catch (Exception | Error e) {
                rebalancer.close();
                pipeline.close();
                throw e;
            }
            return new JGroupsEngine(spec, transport, store, counters, rebalancer, pipeline,
                    IdleSessionSweep.start(store, spec.lifecycle()),
                    IntervalSnapshots.start(self, store, spec.snapshot()));
        } catch (Exception | Error e) {
            transport.close();
            throw e;
        }
    }

    @Override
    public NodeId self() {
        return transport.self();
    }

    @Override
    public ReplicationSpec spec() {
        return spec;
    }

    @Override
    public SessionStore store() {
        return store;
    }

    public ClusterTransport transport() {
        return transport;
    }

    @Override
    public ClusterView view() {
        return transport.view();
    }

    @Override
    public ViewHistory views() {
        return transport.views();
    }

    @Override
    public SessionCounts sessionCounts() {
        return store.counts();
    }

    @Override
    public boolean holdsCopy(SessionId id) {
        return store.peek(id).isPresent();
    }

    @Override
    public long backupBytes() {
        return store.backupFootprintBytes();
    }

    @Override
    public long heldBytes() {
        return store.heldFootprintBytes();
    }

    @Override
    public FaultPoint faultPoint() {
        return transport.faultPoint();
    }

    @Override
    public ReplicationStats stats() {
        return new ReplicationStats(spec, transport.stats(), counters.replications(), counters.failures(), counters.microsTotal(),
                counters.microsMax(), store.gravitations(), rebalancer.pushed(), pipeline.queueStats(), 0,
                store.ownershipConflicts(), counters.latency());
    }

    @Override
    public long lateSnapshotRounds() {
        return snapshots.lateRounds();
    }

    /** Snapshot mode interval's sender: how many sends it made. */
    long snapshotRounds() {
        return snapshots.rounds();
    }

    @Override
    public void close() {
        // First: a send under way finishes while the channel is still there.
        snapshots.close();
        sweep.close();
        rebalancer.close();
        // Before the channel: a crash loses what is queued, and so does a leave, counted as discarded.
        pipeline.close();
        transport.close();
    }
}

package io.replsim.node.stats;

import io.replsim.replication.AsyncStats;
import io.replsim.replication.NodeId;
import io.replsim.replication.member.ReplicationEngine;
import io.replsim.replication.member.ReplicationStats;
import io.replsim.replication.session.SessionCounts;
import io.replsim.replication.transport.TransportStats;
import io.replsim.replication.transport.ViewRecord;

import java.util.List;
import java.util.Locale;

/** Gathers one {@link NodeStatsReport} from the parts of a running node. */
public final class StatsCollector {
    private final ReplicationEngine replication;
    private final CpuSampler cpu;
    private final CompilerThreadsCpu compilerCpu = CompilerThreadsCpu.ofThisProcess();
    private final RequestCounters requests;
    private final int workers;
    private final long startedAtMs;

    public StatsCollector(ReplicationEngine replication, CpuSampler cpu, RequestCounters requests, int workers,
                          long startedAtMs) {
        this.replication = replication;
        this.cpu = cpu;
        this.requests = requests;
        this.workers = workers;
        this.startedAtMs = startedAtMs;
    }

    public NodeStatsReport collect() {
        return read().report();
    }

    /** The report with what only a scrape gives beside it, all read together. */
    public NodeReading read() {
        long now = System.currentTimeMillis();
        CpuWindow window = cpu.current();
        SessionCounts sessions = replication.sessionCounts();
        ReplicationStats stats = replication.stats();
        TransportStats traffic = stats.traffic();
        List<ViewRecord> history = replication.views().all();
        ViewRecord current = history.isEmpty() ? null : history.getLast();
        var report = new NodeStatsReport(
                replication.self().name(), now - startedAtMs, now,
                new NodeStatsReport.Cpu(window.budgetCores(), window.usedCores(), window.utilization(),
                        window.windowMs(), window.processCpuMs(), window.monotonicMs(),
                        compilerCpu.totalMs().orElse(null)),
                workers,
                new NodeStatsReport.Sessions(sessions.owned(), sessions.backup(),
                        replication.backupBytes(), replication.store().expirations(),
                        replication.store().expiredCopies(), replication.heldBytes(),
                        replication.store().passivations(), replication.store().activations(),
                        replication.store().passivatedNow()),
                new NodeStatsReport.Requests(requests.total(), requests.errors(),
                        requests.deniedInPartitionCount()),
                new NodeStatsReport.Replication(
                        stats.spec().placement().label().toUpperCase(Locale.ROOT),
                        stats.spec().granularity().name(), stats.spec().delivery().name(),
                        traffic.messagesSent(), traffic.bytesSent(), traffic.messagesReceived(),
                        traffic.bytesReceived(), traffic.rejectedMessages(), stats.failures(),
                        stats.replicationMicrosTotal(), stats.replicationMicrosMax(), stats.gravitations(),
                        stats.sessionsPushed(), async(stats.async()), stats.replications(),
                        traffic.marshalledMessages(), traffic.marshalledBytes(), traffic.marshalMicrosTotal(),
                        traffic.unmarshalMicrosTotal(), stats.spec().engine().label(), stats.remoteReads(),
                        traffic.messagesStreamed(), traffic.peersRefused(), stats.ownershipConflicts(),
                        replication.store().coalescedUpdates(), replication.lateSnapshotRounds()),
                current == null ? null : new NodeStatsReport.View(current.id(), current.coordinator().name(),
                        names(current.members()), current.installedAtEpochMs()),
                history.stream().map(view -> new NodeStatsReport.PastView(view.id(), names(view.members()),
                        view.installedAtEpochMs(), view.settledAtEpochMs())).toList(),
                HeapReading.now());
        return new NodeReading(report, requests.latency(), stats.latency(), replication.views().installedCount());
    }

    private static NodeStatsReport.Async async(AsyncStats async) {
        return new NodeStatsReport.Async(async.queued(), async.enqueued(), async.dropped(), async.sent(),
                async.failed(), async.discarded(), async.bundles(), async.lagMicrosTotal(), async.lagMicrosMax());
    }

    private static List<String> names(List<NodeId> members) {
        return members.stream().map(NodeId::name).toList();
    }
}

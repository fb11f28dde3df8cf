package io.replsim.node.metrics;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.replsim.node.stats.CpuQuotaStat;
import io.replsim.node.stats.NodeReading;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.node.stats.StatsCollector;

/**
 * The node's figures as Prometheus metrics (docs/observability.md): every scrape takes one reading of the same
 * counters {@code GET /admin/stats} reports, so a scrape and the stats read at the same moment agree, and nothing
 * is counted twice.
 */
public final class NodeMetrics implements MultiCollector {
    static final String PREFIX = "replsim_node_";

    private final StatsCollector stats;
    private final CpuQuotaStat quota;

    public NodeMetrics(StatsCollector stats, CpuQuotaStat quota) {
        this.stats = stats;
        this.quota = quota;
    }

    @Override
    public MetricSnapshots collect() {
        NodeReading reading = stats.read();
        NodeStatsReport report = reading.report();
        var families = new MetricFamilies(report.node());
        requests(families, reading);
        sessions(families, report.sessions());
        replication(families, report.replication(), reading);
        families.gauge(PREFIX + "view_members", "Members of the view this node has installed",
                        report.view() == null ? 0 : report.view().members().size())
                .counter(PREFIX + "views_installed", "Views this node installed since it started, its first included",
                        reading.viewsInstalled());
        cpu(families, report.cpu());
        memory(families, report.memory());
        return families.snapshots();
    }

    private static void requests(MetricFamilies families, NodeReading reading) {
        NodeStatsReport.Requests requests = reading.report().requests();
        families.counter(PREFIX + "requests", "Application requests that reached a session", requests.total())
                .counter(PREFIX + "request_errors", "Application requests answered with a 5xx", requests.errors())
                .counter(PREFIX + "requests_denied_in_partition", "Requests among the errors refused because this"
                        + " node's side of a partition was degraded (infinispan)", requests.deniedInPartition())
                .histogram(PREFIX + "request_duration_seconds", "Application answers by the time from the request"
                        + " read to the response sent, the wait for a worker and any service time included",
                        reading.requestLatency());
    }

    private static void sessions(MetricFamilies families, NodeStatsReport.Sessions sessions) {
        families.gauge(PREFIX + "sessions_owned", "Sessions this node owns", sessions.owned())
                .gauge(PREFIX + "sessions_replicas", "Copies of other members' sessions this node holds",
                        sessions.backup())
                .gauge(PREFIX + "sessions_passivated", "Sessions on disk beyond the active-session limit",
                        sessions.passivated())
                .gauge(PREFIX + "replica_bytes", "Estimated heap the replicas hold", sessions.backupBytes())
                .gauge(PREFIX + "session_bytes", "Estimated heap every session held here holds, owned and replicas",
                        sessions.heldBytes())
                .counter(PREFIX + "session_expiries", "Sessions this node ended as their owner for inactivity",
                        sessions.expired())
                .counter(PREFIX + "replica_expiries", "Replicas this node dropped for inactivity",
                        sessions.expiredCopies())
                .counter(PREFIX + "passivations", "Sessions moved to the file store", sessions.passivations())
                .counter(PREFIX + "activations", "Sessions brought back from the file store",
                        sessions.activations());
    }

    private static void replication(MetricFamilies families, NodeStatsReport.Replication replication,
                                    NodeReading reading) {
        families.counter(PREFIX + "replications", "Session updates this node replicated (one a request, whatever"
                        + " the backups)", replication.replications())
                .counter(PREFIX + "replication_failures", "Replications that failed", replication.failures())
                .counter(PREFIX + "replication_dropped", "Updates async delivery's full queue dropped",
                        replication.async().dropped())
                .counter(PREFIX + "replication_messages_sent", "Replication messages sent, one a destination",
                        replication.messagesSent())
                .counter(PREFIX + "replication_sent_bytes", "Bytes of the replication messages sent",
                        replication.bytesSent())
                .counter(PREFIX + "replication_messages_received", "Replication messages received",
                        replication.messagesReceived())
                .counter(PREFIX + "replication_received_bytes", "Bytes of the replication messages received",
                        replication.bytesReceived())
                .histogram(PREFIX + "replication_duration_seconds", "Replications by the time the request spent"
                        + " replicating", reading.replicationLatency())
                .counter(PREFIX + "gravitations", "Sessions fetched from other members for want of a copy",
                        replication.gravitations());
    }

    private void cpu(MetricFamilies families, NodeStatsReport.Cpu cpu) {
        families.gauge(PREFIX + "cpu_budget_cores", "The node's CPU budget", cpu.budgetCores())
                .gauge(PREFIX + "cpu_used_cores", "Cores the process used over the last 1 s window", cpu.usedCores())
                .gauge(PREFIX + "cpu_budget_used_ratio", "The last window's cores over the budget",
                        cpu.utilization())
                .counter(PREFIX + "process_cpu_seconds", "CPU time the process used", cpu.processCpuMs() / 1e3);
        quota.read().ifPresent(throttling -> families
                .counter(PREFIX + "cpu_quota_periods", "CPU quota periods in which the node's cgroup ran",
                        throttling.periods())
                .counter(PREFIX + "cpu_quota_throttled_periods", "CPU quota periods in which the kernel stopped the"
                        + " node's cgroup for having used its quota", throttling.throttledPeriods())
                .counter(PREFIX + "cpu_quota_throttled_seconds", "Time the node's cgroup spent stopped by its quota",
                        throttling.throttledMicros() / 1e6));
    }

    private static void memory(MetricFamilies families, NodeStatsReport.Memory memory) {
        if (memory.heapAfterGcBytes() >= 0) {
            families.gauge(PREFIX + "heap_after_gc_bytes", "Heap the last collection left in use",
                    memory.heapAfterGcBytes());
        }
        families.gauge(PREFIX + "heap_used_bytes", "Heap in use now", memory.heapUsedBytes())
                .gauge(PREFIX + "heap_max_bytes", "The heap's maximum", memory.heapMaxBytes())
                .counter(PREFIX + "gc_collections", "Garbage collections", memory.collections())
                .counter(PREFIX + "gc_seconds", "Time the collectors took", memory.collectionMs() / 1e3);
    }
}

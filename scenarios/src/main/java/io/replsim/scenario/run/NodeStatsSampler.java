package io.replsim.scenario.run;

import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.report.CpuSample;
import io.replsim.scenario.report.NodeSample;
import java.util.concurrent.CopyOnWriteArrayList;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads every live node's stats and keeps the latest answer and every CPU reading of each, so a node's CPU over
 * the load, or over a fault's window, can be worked out even after a fault ended it.
 */
final class NodeStatsSampler {
    private final ClusterRuntime runtime;
    private final Map<String, NodeStatsReport> latest = new ConcurrentHashMap<>();
    private final Map<String, List<CpuSample>> cpu = new ConcurrentHashMap<>();
    private final Map<String, List<NodeSample>> counters = new ConcurrentHashMap<>();
    // Every view each node ever reported, over all its processes: a restarted node's new process forgets the views
    // its first one saw, and those are the ones a fault before the restart is measured against.
    private final Map<String, Map<String, NodeStatsReport.PastView>> views = new ConcurrentHashMap<>();

    NodeStatsSampler(ClusterRuntime runtime) {
        this.runtime = runtime;
    }

    /**
     * Samples every live node at once, so that a paused node, which answers only by timing out, delays nobody
     * else's reading; a node that does not answer keeps its previous sample.
     */
    void sample() throws InterruptedException {
        List<Thread> readers = runtime.liveNodes().stream()
                .map(node -> Thread.ofVirtual().start(() -> read(node)))
                .toList();
        for (Thread reader : readers) {
            reader.join();
        }
    }

    private void read(NodeHandle node) {
        try {
            NodeStatsReport stats = runtime.admin(node.name()).stats();
            latest.put(node.name(), stats);
            cpu.computeIfAbsent(node.name(), name -> new CopyOnWriteArrayList<>()).add(new CpuSample(
                    stats.atEpochMs(), stats.cpu().monotonicMs(), stats.cpu().processCpuMs(), stats.cpu().budgetCores(),
                    stats.cpu().compilerCpuMs(), stats.atEpochMs() - stats.uptimeMs()));
            Map<String, NodeStatsReport.PastView> seen = views.computeIfAbsent(node.name(),
                    name -> new ConcurrentHashMap<>());
            // a view read again once settled replaces the reading from before it settled: keep the stamp either way
            stats.viewHistory().forEach(view -> seen.merge(view.id() + "@" + view.installedAtEpochMs(), view,
                    (before, now) -> now.settledAtEpochMs() != null ? now : before));
            counters.computeIfAbsent(node.name(), name -> new CopyOnWriteArrayList<>()).add(new NodeSample(
                    stats.atEpochMs(), stats.uptimeMs(), stats.replication().gravitations(),
                    stats.memory() == null ? -1 : stats.memory().heapAfterGcBytes()));
        } catch (IOException e) {
            // a node being killed right now, paused, or too busy to answer in time: the next sample will tell
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Every view each node reported, over all its processes, oldest first. */
    Map<String, List<NodeStatsReport.PastView>> viewHistories() {
        Map<String, List<NodeStatsReport.PastView>> copy = new java.util.TreeMap<>();
        views.forEach((node, seen) -> copy.put(node, seen.values().stream()
                .sorted(java.util.Comparator.comparingLong(NodeStatsReport.PastView::installedAtEpochMs)).toList()));
        return copy;
    }

    /** Every node's counter readings, oldest first, every process of a restarted node included. */
    Map<String, List<NodeSample>> counterSamples() {
        Map<String, List<NodeSample>> copy = new java.util.TreeMap<>();
        counters.forEach((node, samples) -> copy.put(node, List.copyOf(samples)));
        return copy;
    }

    /**
     * Every node's CPU readings, oldest first, every process of a restarted node included (its new process counts
     * from zero again: ClusterReadings#latestProcessCpu takes the latest process's alone).
     */
    Map<String, List<CpuSample>> cpuSamples() {
        Map<String, List<CpuSample>> copy = new java.util.TreeMap<>();
        cpu.forEach((node, samples) -> copy.put(node, List.copyOf(samples)));
        return copy;
    }

    Optional<NodeStatsReport> latest(String node) {
        return Optional.ofNullable(latest.get(node));
    }

    /**
     * The view in the freshest sample of a live node, for the progress line: a paused node's last sample is old,
     * and its view with it.
     */
    Optional<List<String>> currentView(List<NodeHandle> live) {
        return live.stream().map(n -> latest.get(n.name())).filter(s -> s != null && s.view() != null)
                .max(java.util.Comparator.comparingLong(NodeStatsReport::atEpochMs)).map(s -> s.view().members());
    }
}

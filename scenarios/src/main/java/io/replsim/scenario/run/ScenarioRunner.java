package io.replsim.scenario.run;

import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.loadgen.Load;
import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.OpenLoad;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.open.OpenIntervalLogs;
import io.replsim.scenario.fault.FaultEvent;
import io.replsim.scenario.fault.FaultTimeline;
import io.replsim.scenario.fault.RuntimeNemesis;
import io.replsim.scenario.fault.TimelineClock;
import io.replsim.scenario.report.ConsoleReport;
import io.replsim.scenario.report.HeapBasis;
import io.replsim.scenario.report.HeapTrend;
import io.replsim.scenario.report.HeapTrendAnalysis;
import io.replsim.scenario.report.InvalidRuns;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.runtime.CpuBudgetEnforcement;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeImage;
import io.replsim.scenario.runtime.RuntimeFactory;
import io.replsim.scenario.spec.LoadSpec;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Plays one scenario: starts the cluster, drives the load (closed or open model alike), fires the faults at their
 * times, then gathers every figure into the run directory and the console. Whatever it started is stopped before
 * it returns, whatever happened.
 */
public final class ScenarioRunner {
    private static final Duration VIEW_DEADLINE = Duration.ofSeconds(60);

    private final Path runsRoot;
    private final RuntimeFactory runtimes;
    private final PrintStream out;
    private final Duration progressEvery;
    private final InvalidRuns invalidRuns;

    /** Node processes started with {@code launcher}; containers from this installation's node image. */
    public ScenarioRunner(Path runsRoot, NodeLauncher launcher, PrintStream out, Duration progressEvery) {
        this(runsRoot, launcher, out, progressEvery, InvalidRuns.REFUSED);
    }

    /** {@code invalidRuns}: whether an INVALID run's verdict is INVALID (the default) or its checks'. */
    public ScenarioRunner(Path runsRoot, NodeLauncher launcher, PrintStream out, Duration progressEvery,
                          InvalidRuns invalidRuns) {
        this(runsRoot, RuntimeFactory.standard(launcher, NodeImage::ofThisInstallation, out), out, progressEvery,
                invalidRuns);
    }

    public ScenarioRunner(Path runsRoot, RuntimeFactory runtimes, PrintStream out, Duration progressEvery) {
        this(runsRoot, runtimes, out, progressEvery, InvalidRuns.REFUSED);
    }

    public ScenarioRunner(Path runsRoot, RuntimeFactory runtimes, PrintStream out, Duration progressEvery,
                          InvalidRuns invalidRuns) {
        this.runsRoot = runsRoot;
        this.runtimes = runtimes;
        this.out = out;
        this.progressEvery = progressEvery;
        this.invalidRuns = invalidRuns;
    }

    public RunOutcome run(ScenarioSpec spec, Path specFile)
            throws IOException, InterruptedException, ClusterStartException {
        RunDirectory dir = RunDirectory.create(runsRoot, spec.name(), LocalDateTime.now());
        dir.copySpec(specFile);
        out.println("replsim: scenario " + spec.name() + ", run directory " + dir.root());
        long wallStart = System.nanoTime();
        Instant startedAt = Instant.now();
        try (ClusterRuntime runtime = runtimes.create(spec, dir.nodes())) {
            runtime.start(VIEW_DEADLINE);
            long clusterStartMs = (System.nanoTime() - wallStart) / 1_000_000;
            NodeStatsSampler sampler = new NodeStatsSampler(runtime);
            List<NodeEndpoint> endpoints = runtime.nodes().stream()
                    .map(node -> new NodeEndpoint(node.name(), node.httpUri())).toList();
            LoadSpec load = spec.load();
            LoadResult result;
            List<FaultEvent> events;
            Optional<FullGcTicker> fullGcs = spec.cluster().fullGcEvery().map(every -> new FullGcTicker(runtime, every));
            try (Load driver = loadOf(spec, endpoints, dir);
                 FaultTimeline timeline = new FaultTimeline(spec.faults(), new RuntimeNemesis(runtime, driver::nodeServing),
                         TimelineClock.SYSTEM, new FaultAnnouncement(dir, out),
                         problem -> out.println("replsim: " + problem))) {
                sampler.sample();
                out.println(LoadPhases.describe(load));
                long loadStart = System.nanoTime();
                driver.start();
                timeline.start(loadStart);
                fullGcs.ifPresent(FullGcTicker::start);
                showProgressUntil(loadStart + load.duration().toNanos(), driver, sampler, runtime, load.users());
                result = driver.awaitResult();
                events = timeline.events();
            } finally {
                if (fullGcs.isPresent()) {
                    fullGcs.get().close();
                }
            }
            sampler.sample();
            for (NodeHandle node : runtime.liveNodes()) {
                dir.writeNodeStats(node.name(), runtime.admin(node.name()).statsJson());
            }
            RunSummary summary = summarise(spec, dir, startedAt, wallStart, clusterStartMs, result, events, sampler,
                    runtime, invalidRuns);
            dir.writeSummary(summary);
            long loadStartMs = result.startedAt().toEpochMilli();
            List<HeapTrend> heap = fullGcs.isPresent()
                    ? HeapTrendAnalysis.of(fullGcs.get().readings(), HeapBasis.AFTER_FULL_GC, loadStartMs,
                            loadStartMs + result.elapsed().toMillis())
                    : HeapTrendAnalysis.of(sampler.counterSamples(), HeapBasis.FLOOR_AFTER_ANY_GC, loadStartMs,
                            loadStartMs + result.elapsed().toMillis());
            dir.writeHeap(heap);
            DrillSummary.writeReport(spec, dir, summary, result, events);
            new ConsoleReport(out).print(summary);
            printHeap(heap);
            fullGcs.ifPresent(ticker -> out.printf(Locale.ROOT, "heap      a full GC on every node every %s, the"
                    + " longest stopped a node %d ms%n", LoadPhases.seconds(ticker.every()), ticker.longestPauseMs()));
            return new RunOutcome(summary, dir.root(), heap);
        }
    }

    /** One line per node process that lived long enough for a slope: what a long run shows of leaks. */
    private void printHeap(List<HeapTrend> heap) {
        for (HeapTrend trend : heap) {
            if (trend.slopeBytesPerMinute() == null) {
                continue;
            }
            out.printf(Locale.ROOT, "heap      %s%s %s %.1f MB -> %.1f MB over %d minutes:"
                            + " slope %+.1f KB/min%n", trend.node(), trend.life() == 1 ? "" : " (life " + trend.life() + ")",
                    trend.basis() == HeapBasis.AFTER_FULL_GC ? "after forced full GCs (least of each minute)"
                            : "after GC (floor of each minute)",
                    trend.firstFloorBytes() / 1048576.0, trend.lastFloorBytes() / 1048576.0, trend.minutes(),
                    trend.slopeBytesPerMinute() / 1024);
        }
    }

    /**
     * The scenario's load against the cluster's nodes: closed-model users, or open-model arrivals whose latency goes
     * to two interval logs (from the intended starts, and from the sends beside it).
     */
    private static Load loadOf(ScenarioSpec spec, List<NodeEndpoint> endpoints, RunDirectory dir) {
        LoadSpec load = spec.load();
        String path = spec.workload().app().path();
        if (load.isOpen()) {
            return new OpenLoad(load.toOpenProfile(path, spec.workload().sessionShapes()), endpoints,
                    Optional.of(new OpenIntervalLogs(dir.latencyLog(), dir.uncorrectedLatencyLog())));
        }
        return new LoadDriver(load.toProfile(path).withProtocol(TargetProtocol.replsim(spec.workload().sessionShapes())),
                endpoints, dir.latencyLog());
    }

    /** Reads every node's stats at the runtime's pace (for the CPU figures) and prints a progress line now and then. */
    private void showProgressUntil(long endNanos, Load driver, NodeStatsSampler sampler, ClusterRuntime runtime,
                                   int users) throws InterruptedException {
        long nextLine = System.nanoTime() + progressEvery.toNanos();
        while (true) {
            long now = System.nanoTime();
            long remaining = endNanos - now;
            if (remaining <= 0) {
                return;
            }
            Thread.sleep(Math.min(Math.min(runtime.statsEvery().toNanos(), remaining), Math.max(1, nextLine - now)) / 1_000_000);
            sampler.sample();
            if (System.nanoTime() >= nextLine || System.nanoTime() >= endNanos) {
                nextLine += progressEvery.toNanos();
                List<String> view = sampler.currentView(runtime.liveNodes()).orElse(List.of());
                out.println(ProgressLine.format(driver.progress(), users, view));
            }
        }
    }

    private static RunSummary summarise(ScenarioSpec spec, RunDirectory dir, Instant startedAt, long wallStart,
                                        long clusterStartMs, LoadResult result, List<FaultEvent> events,
                                        NodeStatsSampler sampler, ClusterRuntime runtime, InvalidRuns invalidRuns) {
        List<String> live = runtime.liveNodes().stream().map(NodeHandle::name).toList();
        // Every node's views over all its processes; the analysis takes as survivors the members at each fault.
        Map<String, List<NodeStatsReport.PastView>> survivorViews = new LinkedHashMap<>(sampler.viewHistories());
        for (String node : live) {
            sampler.latest(node).ifPresent(stats -> survivorViews.merge(node, stats.viewHistory(),
                    (sampled, last) -> sampled.size() >= last.size() ? sampled : last));
        }
        return DrillSummary.of(spec, dir, startedAt, wallStart, result, events,
                new DrillSummary.Cluster(clusterFigures(spec, clusterStartMs, runtime.cpuBudget()),
                        nodeFigures(spec, runtime, sampler, steadyWindowCpu(result)), survivorViews,
                        sampler.cpuSamples(),
                        // no gravitation counter to attribute where the engine has none: null, not 0
                        hasGravitation(spec) ? sampler.counterSamples() : Map.of()), null, invalidRuns);
    }

    private static RunSummary.Cluster clusterFigures(ScenarioSpec spec, long clusterStartMs,
                                                     CpuBudgetEnforcement cpuBudget) {
        var cluster = spec.cluster();
        var replication = spec.replication();
        return new RunSummary.Cluster(cluster.nodes(), cluster.workers(), cluster.cpuBudgetCores(),
                cluster.heap().toString(), replication.placement().label(), replication.granularity().label(),
                replication.delivery().label(), replication.syncTimeout().toMillis(),
                spec.workload().payload().toString(), clusterStartMs, replication.engine().label(),
                hasGravitation(spec) ? null : RunSummary.Cluster.NO_GRAVITATION_ON_INFINISPAN,
                cpuBudget.enforced(), cpuBudget.detail());
    }

    /** Only replsim's own engine moves a session to the node that serves it; Infinispan reads it remotely. */
    static boolean hasGravitation(ScenarioSpec spec) {
        return spec.replication().engine() != io.replsim.replication.EngineKind.INFINISPAN;
    }

    /**
     * The readings a node's CPU figure is taken between: the load's steady window, after the ramp-up and warm-up (the
     * open model's window after its warm-up), since a cost comparison between scopes must not be decided by the
     * ramp-up's JIT compilation: on fresh nodes C2 alone took up to 0.27 cores, docs/capacity.md.
     */
    record CpuOver(String label, long fromEpochMs, long toEpochMs) {
    }

    private static CpuOver steadyWindowCpu(LoadResult result) {
        long start = result.startedAt().toEpochMilli();
        return new CpuOver("steady window", start + result.steady().from().toMillis(),
                start + result.steady().to().toMillis());
    }

    /** Each node's figures over the load, from the sampler's readings; its CPU over {@code cpuOver}. */
    private static List<RunSummary.NodeFigures> nodeFigures(ScenarioSpec spec, ClusterRuntime runtime,
                                                           NodeStatsSampler sampler, CpuOver cpuOver) {
        List<String> live = runtime.liveNodes().stream().map(NodeHandle::name).toList();
        List<RunSummary.NodeFigures> nodes = new ArrayList<>();
        for (NodeHandle node : runtime.nodes()) {
            sampler.latest(node.name()).ifPresent(stats -> {
                double cores = sampler.meanCpuCores(node.name(), cpuOver.fromEpochMs(), cpuOver.toEpochMs());
                NodeStatsReport.Replication r = stats.replication();
                nodes.add(new RunSummary.NodeFigures(node.name(), live.contains(node.name()), cores,
                        cores / stats.cpu().budgetCores(), cpuOver.label(), stats.sessions().owned(), stats.sessions().backup(),
                        stats.requests().total(), r.messagesSent(), r.bytesSent(), r.failures(), r.rejectedMessages(),
                        // One replication is one request's change, whatever number of messages it took.
                        r.replications() == 0 ? 0 : r.replicationMicrosTotal() / (double) r.replications(),
                        hasGravitation(spec) ? Long.valueOf(r.gravitations()) : null, r.remoteReads(),
                        r.marshalledBytes(), r.marshalMicrosTotal(), stats.sessions().backupBytes(),
                        r.messagesStreamed(), r.peersRefused()));
            });
        }
        return nodes;
    }
}

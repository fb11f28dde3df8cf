package io.replsim.scenario.run;

import io.replsim.loadgen.Load;
import io.replsim.loadgen.LoadResult;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.fault.FaultEvent;
import io.replsim.scenario.fault.FaultTimeline;
import io.replsim.scenario.fault.NemesisFactory;
import io.replsim.scenario.fault.TimelineClock;
import io.replsim.scenario.report.ClusterReadings;
import io.replsim.scenario.report.HeapBasis;
import io.replsim.scenario.report.HeapTrend;
import io.replsim.scenario.report.HeapTrendAnalysis;
import io.replsim.scenario.report.NodeReading;
import io.replsim.scenario.report.RunRecord;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeDeath;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.scenario.spec.LoadSpec;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Plays one run on a started cluster, whatever the load's model and whoever runs the cluster: drives the load,
 * fires the scenario's faults at their times through the nemesis (aimed at a user's node by asking the
 * load which node serves it), reads every node's stats at the runtime's pace where the runtime can read them and
 * prints a progress line now and then; then hands back what it recorded, which the report is built from. The one
 * place a run is wired.
 */
public final class Run {
    private final ScenarioSpec spec;
    private final ClusterRuntime runtime;
    private final NemesisFactory nemeses;
    private final RunDirectory dir;
    private final PrintStream out;
    /** Empty: no load line and no progress lines (a capacity step, whose search prints its own line per step). */
    private final Optional<Duration> progressEvery;

    /**
     * {@code nemeses}: what applies the faults ({@link NemesisFactory#ONE}, or a test's); {@code dir}: where the
     * fault events and each node's last stats go.
     */
    public Run(ScenarioSpec spec, ClusterRuntime runtime, NemesisFactory nemeses, RunDirectory dir, PrintStream out,
               Duration progressEvery) {
        this(spec, runtime, nemeses, dir, out, Optional.of(progressEvery));
    }

    private Run(ScenarioSpec spec, ClusterRuntime runtime, NemesisFactory nemeses, RunDirectory dir,
                PrintStream out, Optional<Duration> progressEvery) {
        this.spec = spec;
        this.runtime = runtime;
        this.nemeses = nemeses;
        this.dir = dir;
        this.out = out;
        this.progressEvery = progressEvery;
    }

    /**
     * A run on any runtime that prints nothing while it plays (no load line, no progress lines): one step of a loop
     * that reports each run its own way, as the capacity search does.
     */
    public static Run withoutProgress(ScenarioSpec spec, ClusterRuntime runtime, RunDirectory dir, PrintStream out) {
        return new Run(spec, runtime, NemesisFactory.ONE, dir, out, Optional.empty());
    }

    /**
     * What the run recorded, and with {@code cluster.fullGcEvery} a console line on the full GCs it forced.
     */
    public record Played(RunRecord record, Optional<String> fullGcLine) {
    }

    /**
     * Plays {@code load} (not yet started; the caller closes it) from now to the end of the scenario's duration and
     * until its last request ended. {@code startedAt} and {@code wallStartNanos} are the run's, the cluster's start
     * included, which took {@code clusterStartMs}.
     */
    public Played play(Load load, Instant startedAt, long wallStartNanos, long clusterStartMs)
            throws IOException, InterruptedException {
        LoadSpec loadSpec = spec.load();
        NodeStatsSampler sampler = new NodeStatsSampler(runtime);
        boolean measured = runtime.readsNodeStats();
        LoadResult result;
        List<FaultEvent> events;
        Optional<FullGcTicker> fullGcs = spec.cluster().fullGcEvery().map(every -> new FullGcTicker(runtime, every));
        FaultTimeline timeline = new FaultTimeline(spec.faults(),
                nemeses.of(runtime, load::nodeServing, spec.load().users()), TimelineClock.SYSTEM,
                new FaultAnnouncement(dir, out), problem -> out.println("replsim: " + problem));
        try (timeline) {
            if (measured) {
                sampler.sample();
            }
            if (progressEvery.isPresent()) {
                out.println(LoadPhases.describe(loadSpec));
            }
            long loadStart = System.nanoTime();
            load.start();
            timeline.start(loadStart);
            fullGcs.ifPresent(FullGcTicker::start);
            showProgressUntil(loadStart + loadSpec.duration().toNanos(), load, measured ? Optional.of(sampler)
                    : Optional.empty(), loadSpec.users());
            result = load.awaitResult();
        } finally {
            if (fullGcs.isPresent()) {
                fullGcs.get().close();
            }
        }
        // once closed: every heal is in, and so is a fault the load's end caught unfinished or before its turn
        events = timeline.events();
        // before the runner closes the cluster, which ends every node
        Optional<List<NodeDeath>> deathsUnasked = runtime.deathsUnasked();
        if (!measured) {
            return new Played(new RunRecord(spec, dir.root(), dir.latencyLog(), startedAt, wallStartNanos, result,
                    events, ClusterReadings.NOT_MEASURED, Optional.empty(), deathsUnasked), Optional.empty());
        }
        sampler.sample();
        for (String unanswered : FinalNodeStats.write(runtime, dir)) {
            out.println("replsim: a node's stats at the end: " + unanswered + "; its figures are its last reading"
                    + " during the load");
        }
        long loadStartMs = result.startedAt().toEpochMilli();
        List<HeapTrend> heap = fullGcs.isPresent()
                ? HeapTrendAnalysis.of(fullGcs.get().readings(), HeapBasis.AFTER_FULL_GC, loadStartMs,
                        loadStartMs + result.elapsed().toMillis())
                : HeapTrendAnalysis.of(sampler.counterSamples(), HeapBasis.FLOOR_AFTER_ANY_GC, loadStartMs,
                        loadStartMs + result.elapsed().toMillis());
        RunRecord record = new RunRecord(spec, dir.root(), dir.latencyLog(), startedAt, wallStartNanos, result, events,
                readings(clusterStartMs, sampler), Optional.of(heap), deathsUnasked);
        return new Played(record, fullGcs.map(ticker -> String.format(Locale.ROOT, "heap      a full GC on every node"
                + " every %s, the longest stopped a node %d ms", LoadPhases.seconds(ticker.every()),
                ticker.longestPauseMs())));
    }

    /**
     * Reads every node's stats at the runtime's pace (for the CPU figures) and prints a progress line now and then.
     * Without a {@code sampler} (a cluster whose stats are not read), the line's view is the nodes not known to be
     * down, since no view can be read.
     */
    private void showProgressUntil(long endNanos, Load load, Optional<NodeStatsSampler> sampler, int users)
            throws InterruptedException {
        long every = progressEvery.map(Duration::toNanos).orElse(0L);
        long nextLine = System.nanoTime() + every;
        while (true) {
            long now = System.nanoTime();
            long remaining = endNanos - now;
            if (remaining <= 0) {
                return;
            }
            long pace = sampler.isPresent() ? runtime.statsEvery().toNanos() : Long.MAX_VALUE;
            long untilLine = progressEvery.isPresent() ? Math.max(1, nextLine - now) : Long.MAX_VALUE;
            Thread.sleep(Math.min(Math.min(pace, remaining), untilLine) / 1_000_000);
            if (sampler.isPresent()) {
                sampler.get().sample();
            }
            if (progressEvery.isPresent() && (System.nanoTime() - nextLine >= 0 || System.nanoTime() - endNanos >= 0)) {
                nextLine += every;
                List<String> view = sampler.isPresent()
                        ? sampler.get().currentView(runtime.liveNodes()).orElse(List.of())
                        : runtime.liveNodes().stream().map(NodeHandle::name).toList();
                out.println(ProgressLine.format(load.progress(), users, view));
            }
        }
    }

    /** Everything read from the nodes, as read, for the report to work its figures out of. */
    private ClusterReadings readings(long clusterStartMs, NodeStatsSampler sampler) {
        List<String> live = runtime.liveNodes().stream().map(NodeHandle::name).toList();
        // Every node's views over all its processes; the analysis takes as survivors the members at each fault.
        Map<String, List<NodeStatsReport.PastView>> survivorViews = new LinkedHashMap<>(sampler.viewHistories());
        for (String node : live) {
            sampler.latest(node).ifPresent(stats -> survivorViews.merge(node, stats.viewHistory(),
                    (sampled, last) -> sampled.size() >= last.size() ? sampled : last));
        }
        List<NodeReading> nodes = new ArrayList<>();
        for (NodeHandle node : runtime.nodes()) {
            sampler.latest(node.name())
                    .ifPresent(stats -> nodes.add(new NodeReading(node.name(), live.contains(node.name()), stats)));
        }
        return new ClusterReadings(clusterStartMs, runtime.cpuBudget(), nodes, survivorViews, sampler.cpuSamples(),
                sampler.counterSamples());
    }
}

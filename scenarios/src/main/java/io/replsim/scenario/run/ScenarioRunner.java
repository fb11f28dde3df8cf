package io.replsim.scenario.run;

import io.replsim.loadgen.Load;
import io.replsim.loadgen.profile.SessionsAtEnd;
import io.replsim.scenario.fault.Nemesis;
import io.replsim.scenario.fault.RuntimeNemesis;
import io.replsim.scenario.fault.UserNodes;
import io.replsim.scenario.report.ConsoleReport;
import io.replsim.scenario.report.HeapBasis;
import io.replsim.scenario.report.HeapTrend;
import io.replsim.scenario.report.InvalidRuns;
import io.replsim.scenario.report.RunReport;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.runtime.NodeImage;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeFactory;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * Plays one scenario on a cluster replsim starts: makes the run directory, starts the cluster its runtime says,
 * plays the scenario's load (closed or open model alike) and faults as one {@link Run}, then has the report write
 * its files and print its figures. Whatever it started is stopped before it returns, whatever happened.
 */
public final class ScenarioRunner {
    private static final Duration VIEW_DEADLINE = Duration.ofSeconds(60);

    private final Path runsRoot;
    private final RuntimeFactory runtimes;
    private final PrintStream out;
    private final Duration progressEvery;
    private final InvalidRuns invalidRuns;
    private final BiFunction<ClusterRuntime, UserNodes, Nemesis> nemeses;

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
        this(runsRoot, runtimes, out, progressEvery, invalidRuns, RuntimeNemesis::new);
    }

    private ScenarioRunner(Path runsRoot, RuntimeFactory runtimes, PrintStream out, Duration progressEvery,
                           InvalidRuns invalidRuns, BiFunction<ClusterRuntime, UserNodes, Nemesis> nemeses) {
        this.runsRoot = runsRoot;
        this.runtimes = runtimes;
        this.out = out;
        this.progressEvery = progressEvery;
        this.invalidRuns = invalidRuns;
        this.nemeses = nemeses;
    }

    /**
     * The same runner with the faults applied by {@code nemeses} (given the started cluster and which node serves
     * each user): a test that must hold a fault back until the cluster is in the state its claim starts from.
     */
    public ScenarioRunner withNemesis(BiFunction<ClusterRuntime, UserNodes, Nemesis> nemeses) {
        return new ScenarioRunner(runsRoot, runtimes, out, progressEvery, invalidRuns, nemeses);
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
            Run.Played played;
            try (Load load = LoadTarget.ofNodes(spec, runtime.nodes()).loadOf(spec, dir.latencyLog(),
                    dir.uncorrectedLatencyLog(), SessionsAtEnd.KEPT)) {
                played = new Run(spec, runtime, users -> nemeses.apply(runtime, users), dir, out, progressEvery)
                        .play(load, startedAt, wallStart, clusterStartMs);
            }
            RunSummary summary = RunReport.write(played.record(), null, invalidRuns);
            List<HeapTrend> heap = played.record().heap().orElse(List.of());
            new ConsoleReport(out).print(summary);
            printHeap(heap);
            played.fullGcLine().ifPresent(out::println);
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
}

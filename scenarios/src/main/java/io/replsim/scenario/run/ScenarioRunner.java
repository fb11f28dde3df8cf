package io.replsim.scenario.run;

import io.replsim.loadgen.Load;
import io.replsim.loadgen.profile.SessionsAtEnd;
import io.replsim.scenario.fault.NemesisFactory;
import io.replsim.scenario.metrics.RunMetrics;
import io.replsim.scenario.provenance.ProvenanceStart;
import io.replsim.scenario.provenance.ScenarioHash;
import io.replsim.scenario.report.ConsoleReport;
import io.replsim.scenario.report.ForeignCluster;
import io.replsim.scenario.report.HeapLines;
import io.replsim.scenario.report.HeapTrend;
import io.replsim.scenario.report.InvalidRuns;
import io.replsim.scenario.report.RunReport;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeCapabilities;
import io.replsim.scenario.runtime.RuntimeFactory;
import io.replsim.scenario.runtime.SpecRefusal;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The one entry that plays a scenario, on whatever runtime: refuses what the runtime cannot play, makes the run
 * directory, makes and starts the runtime ({@link PlayedRuntime}: replsim's own nodes, a cluster it does not run,
 * Tomcat members), plays the scenario's load (closed or open model alike) and faults as one {@link Run}, then has
 * the report write its files and print its figures. Whatever it started is stopped before it returns, whatever
 * happened. A soak, a comparison and the command line's {@code run} are loops over it, and a capacity search plays
 * its steps on the runtime it starts ({@link #enter}).
 */
public final class ScenarioRunner {
    private final Path runsRoot;
    private final Function<ScenarioSpec, PlayedRuntime<?>> runtimes;
    private final NemesisFactory nemeses;
    private final PrintStream out;
    private final Duration progressEvery;
    private final InvalidRuns invalidRuns;
    /** Where the driver serves its metrics besides a scenario's cluster.metrics (0: any free port); empty: not. */
    private final OptionalInt driverMetricsPort;
    /** Present: this runner is one load agent of several, which runs its share of the users from their start. */
    private final Optional<LoadAgent> agent;

    /** Node processes started with {@code launcher}; containers from this installation's node image. */
    public ScenarioRunner(Path runsRoot, NodeLauncher launcher, PrintStream out, Duration progressEvery) {
        this(runsRoot, launcher, out, progressEvery, InvalidRuns.REFUSED);
    }

    /**
     * The scenario's {@code cluster.runtime}: node processes started with {@code launcher}, containers from this
     * installation's node image, or Tomcat members. {@code invalidRuns}: whether an INVALID run's verdict is INVALID
     * (the default) or its checks'.
     */
    public ScenarioRunner(Path runsRoot, NodeLauncher launcher, PrintStream out, Duration progressEvery,
                          InvalidRuns invalidRuns) {
        this(runsRoot, standard(launcher, out), NemesisFactory.ONE, out, progressEvery, invalidRuns,
                OptionalInt.empty(), Optional.empty());
    }

    public ScenarioRunner(Path runsRoot, RuntimeFactory runtimes, PrintStream out, Duration progressEvery) {
        this(runsRoot, runtimes, out, progressEvery, InvalidRuns.REFUSED);
    }

    /** replsim's own nodes as {@code runtimes} makes them (a test's nodes in its JVM, processes of its own). */
    public ScenarioRunner(Path runsRoot, RuntimeFactory runtimes, PrintStream out, Duration progressEvery,
                          InvalidRuns invalidRuns) {
        this(runsRoot, spec -> PlayedRuntime.ownNodes(runtimes), NemesisFactory.ONE, out, progressEvery, invalidRuns,
                OptionalInt.empty(), Optional.empty());
    }

    private ScenarioRunner(Path runsRoot, Function<ScenarioSpec, PlayedRuntime<?>> runtimes, NemesisFactory nemeses,
                           PrintStream out, Duration progressEvery, InvalidRuns invalidRuns,
                           OptionalInt driverMetricsPort, Optional<LoadAgent> agent) {
        this.driverMetricsPort = driverMetricsPort;
        this.agent = agent;
        this.runsRoot = runsRoot;
        this.runtimes = runtimes;
        this.nemeses = nemeses;
        this.out = out;
        this.progressEvery = progressEvery;
        this.invalidRuns = invalidRuns;
    }

    private static Function<ScenarioSpec, PlayedRuntime<?>> standard(NodeLauncher launcher, PrintStream out) {
        return spec -> PlayedRuntime.of(spec, Optional.empty(), launcher, out);
    }

    /**
     * The same runner with the faults applied by {@code nemeses} (given the started cluster and which node serves
     * each user): a test that must hold a fault back until the cluster is in the state its claim starts from.
     */
    public ScenarioRunner withNemesis(NemesisFactory nemeses) {
        return new ScenarioRunner(runsRoot, runtimes, nemeses, out, progressEvery, invalidRuns, driverMetricsPort,
                agent);
    }

    /**
     * The same runner with the driver serving its metrics on {@code port} of loopback (0: any free port) whether
     * the scenario asks for metrics or not: {@code replsim run --metrics-port}.
     */
    public ScenarioRunner withDriverMetricsPort(int port) {
        return new ScenarioRunner(runsRoot, runtimes, nemeses, out, progressEvery, invalidRuns, OptionalInt.of(port),
                agent);
    }

    /**
     * The same runner as load agent {@code agent}: its share of the users, from the agents' common start and seed,
     * into a run directory named for it: {@code replsim agent}.
     */
    public ScenarioRunner asAgent(LoadAgent agent) {
        return new ScenarioRunner(runsRoot, runtimes, nemeses, out, progressEvery, invalidRuns, driverMetricsPort,
                Optional.of(agent));
    }

    /** Plays {@code spec} on the runtime its {@code cluster.runtime} names. */
    public RunOutcome run(ScenarioSpec spec, Path specFile)
            throws IOException, InterruptedException, ClusterStartException {
        return run(spec, specFile, runtimes.apply(spec));
    }

    /**
     * Plays {@code spec} on {@code played} (a cluster named on the command line, say).
     *
     * @throws IllegalArgumentException naming every part of {@code spec} the runtime cannot play, before anything
     * @throws ClusterStartException    when the cluster did not start, or a target did not answer
     */
    public <R extends ClusterRuntime> RunOutcome run(ScenarioSpec spec, Path specFile, PlayedRuntime<R> played)
            throws IOException, InterruptedException, ClusterStartException {
        String runName = agent.map(share -> share.runName(spec.name())).orElse(spec.name());
        Entrance entrance = new Entrance(runName, capabilities -> capabilities.refusals(spec), dir -> {
            out.println("replsim: scenario " + spec.name() + played.where(spec) + ", run directory " + dir.root());
            played.notes().forEach(note -> out.println("replsim: " + note));
        });
        if (!spec.cluster().flightRecording()) {
            return play(spec, specFile, played, entrance);
        }
        try (RunFlightRecording recording = RunFlightRecording.start()) {
            RunOutcome outcome = play(spec, specFile, played, entrance);
            try {
                recording.finish(spec, outcome.directory(), out);
            } catch (IOException | RuntimeException e) {
                // the run's figures and verdict stand; only the recordings' summary is missing
                out.println("jfr       the recordings could not be summarized: " + e);
            }
            return outcome;
        }
    }

    private <R extends ClusterRuntime> RunOutcome play(ScenarioSpec spec, Path specFile, PlayedRuntime<R> played,
                                                       Entrance entrance)
            throws IOException, InterruptedException, ClusterStartException {
        return enter(spec, specFile, played, entrance, (runtime, dir, target, started) -> {
            PlayedRuntime.Observation observation = played.observe(spec, runtime);
            OptionalInt driverPort = driverMetricsPort.isPresent() ? driverMetricsPort
                    : spec.cluster().metrics() ? OptionalInt.of(0) : OptionalInt.empty();
            try (RunMetrics metrics = RunMetrics.start(runtime.metricsEndpoints(), driverPort, dir.root(), out)) {
                Run.Played run;
                try (Load load = target.loadOf(spec, dir.latencyLog(), dir.uncorrectedLatencyLog(),
                        SessionsAtEnd.KEPT, agent)) {
                    metrics.watch(load);
                    if (agent.isPresent()) {
                        agent.get().awaitStart(InstantSource.system());
                    }
                    run = new Run(spec, runtime, nemeses, dir, out, progressEvery).play(load, started.at(),
                            started.wallStartNanos(), started.clusterStartMs());
                }
                ForeignCluster foreign = observation.end(dir);
                RunSummary summary = RunReport.write(run.record(), foreign.external(), invalidRuns,
                        started.provenance().end(runtime.nodesRuntime()));
                List<HeapTrend> heap = run.record().heap().orElse(List.of());
                new ConsoleReport(out).print(summary);
                HeapLines.print(heap, out);
                run.fullGcLine().ifPresent(out::println);
                foreign.lines().forEach(out::println);
                return new RunOutcome(summary, dir.root(), heap, run.record().load());
            }
        });
    }

    /**
     * What differs between what the one entry plays ({@link #enter}): a scenario's run, a capacity search.
     *
     * @param runName  the run directory's name before the runtime's own suffix ({@code quickstart},
     *                 {@code quickstart-capacity})
     * @param refusals what it needs and the runtime cannot do, given what the runtime cannot do
     * @param announce what the console says once the run directory is made, before the runtime starts
     */
    public record Entrance(String runName, Function<RuntimeCapabilities, List<SpecRefusal>> refusals,
                           Consumer<RunDirectory> announce) {
    }

    /** What is played on the runtime the one entry started, in the run directory it made. */
    @FunctionalInterface
    public interface Play<R extends ClusterRuntime, T> {
        /** {@code target}: where the load goes on {@code runtime}, every node of it. */
        T on(R runtime, RunDirectory dir, LoadTarget target, Started started) throws IOException, InterruptedException;
    }

    /**
     * When the play began ({@code at}, {@code wallStartNanos}), its runtime's start included, and its provenance as
     * read before the runtime started (the load average before it among it).
     */
    public record Started(Instant at, long wallStartNanos, long clusterStartMs, ProvenanceStart provenance) {
    }

    /**
     * The one place a run directory is made and a runtime started: refuses what {@code entrance} needs and
     * {@code played} cannot do, makes the run directory, makes and starts the runtime within
     * {@link ClusterRuntime#START_DEADLINE}, and has {@code play} played on it; whatever it started is stopped before
     * it returns, whatever happened.
     *
     * @throws IllegalArgumentException naming every refusal, before anything
     * @throws ClusterStartException    when the cluster did not start, or a target did not answer
     */
    public <R extends ClusterRuntime, T> T enter(ScenarioSpec spec, Path specFile, PlayedRuntime<R> played,
                                                 Entrance entrance, Play<R, T> play)
            throws IOException, InterruptedException, ClusterStartException {
        RuntimeCapabilities capabilities = played.capabilities(spec);
        List<SpecRefusal> refusals = entrance.refusals().apply(capabilities);
        if (!refusals.isEmpty()) {
            throw new IllegalArgumentException("runtime " + capabilities.runtime() + " cannot play " + spec.name()
                    + ": " + refusals);
        }
        RunDirectory dir = RunDirectory.create(runsRoot, played.runName(entrance.runName()), LocalDateTime.now());
        Path copy = dir.copySpec(specFile);
        ProvenanceStart provenance = ProvenanceStart.read(List.of(ScenarioHash.of(specFile, copy)));
        entrance.announce().accept(dir);
        long wallStart = System.nanoTime();
        Instant startedAt = Instant.now();
        try (R runtime = played.create(spec, dir.nodes())) {
            runtime.start(ClusterRuntime.START_DEADLINE);
            long clusterStartMs = (System.nanoTime() - wallStart) / 1_000_000;
            return play.on(runtime, dir, played.loadTarget(spec, runtime),
                    new Started(startedAt, wallStart, clusterStartMs, provenance));
        }
    }
}

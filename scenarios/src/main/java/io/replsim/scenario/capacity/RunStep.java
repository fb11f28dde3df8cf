package io.replsim.scenario.capacity;

import io.replsim.loadgen.Load;
import io.replsim.loadgen.profile.SessionsAtEnd;
import io.replsim.scenario.report.NodeCpuFigure;
import io.replsim.scenario.report.RunRecord;
import io.replsim.scenario.run.LoadTarget;
import io.replsim.scenario.run.Run;
import io.replsim.scenario.run.RunDirectory;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeDeath;
import io.replsim.scenario.spec.ClusterSpec;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * One capacity step as a {@link Run} on the started cluster: the scenario's load at the step's level (users, or
 * arrivals a second for the open model), without its faults, checks or forced full GCs and without progress lines,
 * whose users (sessions) end their sessions after it, so the next step starts on a cluster that holds none of them. Its figures are the run's steady window: the load's, and
 * each node's CPU as the run's report works it out (the node's CPU time over its own monotonic time between its
 * first and last stats reading inside the window, read at the runtime's pace, so the logouts after the window are in
 * no step's figure). A runtime whose nodes' stats are not read (an external target) gives no CPU: not measured. The
 * driver's own CPU counts against the machine only when the nodes run beside it, not in its JVM.
 */
final class RunStep implements LoadStep {

    private final ScenarioSpec spec;
    private final ClusterRuntime runtime;
    private final LoadTarget target;
    private final RunDirectory dir;
    private final PrintStream out;
    private final IntFunction<String> logName;
    private final Optional<ThroughKill> kill;

    /**
     * @param target  the live nodes the step's load is driven at
     * @param logName the step's interval log's name without {@code .hlog}, for the step's level
     * @param kill    with a value, each step kills the node owning the most sessions, is judged on the window after
     *                the kill and brings the node back before it returns ({@code --through-kill})
     */
    RunStep(ScenarioSpec spec, ClusterRuntime runtime, LoadTarget target, RunDirectory dir, PrintStream out,
            IntFunction<String> logName, Optional<ThroughKill> kill) {
        this.spec = spec;
        this.runtime = runtime;
        this.target = target;
        this.dir = dir;
        this.out = out;
        this.logName = logName;
        this.kill = kill;
    }

    /** A step on the whole cluster. */
    RunStep(ScenarioSpec spec, ClusterRuntime runtime, LoadTarget target, RunDirectory dir, PrintStream out,
            IntFunction<String> logName) {
        this(spec, runtime, target, dir, out, logName, Optional.empty());
    }

    @Override
    public StepMeasurement run(int level, Duration window) throws IOException, InterruptedException {
        ScenarioSpec step = kill.isPresent() ? ThroughKill.withKill(stepOf(spec, level, window))
                : stepOf(spec, level, window);
        String name = logName.apply(level);
        Path log = dir.root().resolve(name + ".hlog");
        Path uncorrected = dir.root().resolve(name + "-uncorrected.hlog");
        long wallStart = System.nanoTime();
        Run.Played played;
        try (Load load = target.loadOf(step, log, uncorrected, SessionsAtEnd.ENDED)) {
            played = Run.withoutProgress(step, runtime, dir, out).play(load, Instant.now(), wallStart, 0);
        }
        RunRecord record = played.record();
        Optional<List<NodeDeath>> ended = record.deathsUnasked().filter(deaths -> !deaths.isEmpty());
        if (ended.isPresent()) {
            throw new NodeEndedUnaskedException(level, SearchedLoad.of(spec.load()).unit(), ended.get());
        }
        if (kill.isEmpty()) {
            return StepMeasurement.of(level, record.load(), cpuOf(record, ""),
                    Duration.ofNanos(System.nanoTime() - wallStart), runtime.nodesBesideTheDriver());
        }
        KillWindow killed = kill.get().windowOf(record);
        StepMeasurement measured = StepMeasurement.of(level, record.load(), cpuOf(record, killed.node()),
                Duration.ofNanos(System.nanoTime() - wallStart), runtime.nodesBesideTheDriver()).through(killed);
        kill.get().bringBack(killed.node());
        return measured;
    }

    /**
     * The scenario's load at {@code level} (users, or arrivals a second for the open model) with a steady window
     * {@code window} long, and nothing else a run would do: no fault, no check, no full GC, no flight recording, no
     * metrics.
     */
    static ScenarioSpec stepOf(ScenarioSpec spec, int level, Duration window) {
        ClusterSpec cluster = spec.cluster();
        ClusterSpec withoutFullGcs = new ClusterSpec(cluster.nodes(), cluster.resources(), cluster.heap(),
                cluster.runtime(), Optional.empty(), cluster.stack(), false, false);
        return new ScenarioSpec(spec.name(), spec.description(), withoutFullGcs, spec.replication(), spec.workload(),
                SearchedLoad.of(spec.load()).at(spec.load(), level).withSteadyWindow(window), List.of(), List.of(),
                spec.capacity(), List.of(), 1, spec.tomcat());
    }

    /**
     * Each node's CPU over the steady window but {@code killed}'s (the survivors', after a kill), against the budget
     * the node reported; empty when not read.
     */
    private static List<NodeCpu> cpuOf(RunRecord record, String killed) {
        if (!record.cluster().measured()) {
            return List.of();
        }
        return record.cluster().nodes().stream().filter(node -> !node.name().equals(killed)).map(node -> {
            NodeCpuFigure cpu = record.steadyWindowCpu(node);
            return new NodeCpu(node.name(), cpu.cores(), node.last().cpu().budgetCores(), cpu.compilerShare());
        }).toList();
    }
}

package io.replsim.scenario.report;

import io.replsim.loadgen.LoadResult;
import io.replsim.scenario.fault.FaultEvent;
import io.replsim.scenario.runtime.NodeDeath;
import io.replsim.scenario.spec.ScenarioSpec;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What one run recorded, which its report is built from: the load's result, the fault events as they happened and
 * what was read from the nodes, with the run's directory and its latency log (the driver's per-second histograms).
 *
 * @param wallStartNanos the run's start on {@link System#nanoTime()}, for the summary's wall time
 * @param heap           each node process's heap after GC over the load; empty when not measured (a cluster replsim
 *                       does not run), and then no heap.json is written
 * @param deathsUnasked  every node process or container that ended with no fault ending it, read from the runtime
 *                       at the end of the load; empty when the runtime does not watch its nodes' ends
 */
public record RunRecord(ScenarioSpec spec, Path directory, Path latencyLog, Instant startedAt, long wallStartNanos,
                        LoadResult load, List<FaultEvent> events, ClusterReadings cluster,
                        Optional<List<HeapTrend>> heap, Optional<List<NodeDeath>> deathsUnasked) {

    /** What a node's CPU figure is measured over when enough of its readings fall in the load's steady window. */
    static final String STEADY_WINDOW = "steady window";

    public RunRecord {
        events = List.copyOf(events);
        heap = heap.map(List::copyOf);
        deathsUnasked = deathsUnasked.map(List::copyOf);
    }

    /**
     * A node's CPU over the load's steady window, after the ramp-up and warm-up (the open model's window after its
     * warm-up), since a cost comparison between scopes must not be decided by the ramp-up's JIT compilation: on
     * fresh nodes C2 alone took up to 0.27 cores, docs/capacity.md.
     */
    public NodeCpuFigure steadyWindowCpu(NodeReading node) {
        long start = load.startedAt().toEpochMilli();
        return cluster.cpuOver(node, start + load.steady().from().toMillis(), start + load.steady().to().toMillis(),
                STEADY_WINDOW);
    }
}

package io.replsim.scenario.fault;

import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeState;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Reads a node back from its runtime until it shows what a kill, stop, pause or restart was to make of it, or a
 * deadline passes: a signal or a kill command is carried out a moment after it returns, a process takes a moment to
 * stop. The nemesis's evidence for the faults done to a node as a whole.
 */
public final class NodeReadBack {
    private static final Duration POLL = Duration.ofMillis(50);

    private final ClusterRuntime runtime;
    private final Duration goneWithin;
    private final Duration upWithin;
    /** Each restarted node as it read before its restart, for the new instance to be told from it. */
    private final Map<String, NodeState> beforeRestart = new ConcurrentHashMap<>();

    /** Within the times the runtime gives ({@link ClusterRuntime#readBack()}). */
    public NodeReadBack(ClusterRuntime runtime) {
        this(runtime, runtime.readBack().goneWithin(), runtime.readBack().upWithin());
    }

    /** {@code goneWithin}: for a node to read as gone or frozen; {@code upWithin}: as up again. */
    public NodeReadBack(ClusterRuntime runtime, Duration goneWithin, Duration upWithin) {
        this.runtime = runtime;
        this.goneWithin = goneWithin;
        this.upWithin = upWithin;
    }

    /** Call just before restarting {@code node}: how it reads then is what the restart must change. */
    public void beforeRestart(String node) throws InterruptedException {
        beforeRestart.put(node, runtime.state(node));
    }

    /**
     * The evidence of a fault done to a node as a whole: gone after a kill or a stop, frozen after a pause, up as a
     * new instance after a restart; not for a network fault, which the protocols' own counts confirm.
     */
    public FaultEvidence confirm(Disruption disruption) throws InterruptedException {
        return switch (disruption) {
            case Disruption.Killed killed -> down(killed.node());
            case Disruption.KilledPair pair -> down(pair.node()).with(down(pair.buddy()));
            case Disruption.Stopped stopped -> down(stopped.node());
            case Disruption.Restarted restarted -> upAgain(restarted.node(), beforeRestart.getOrDefault(
                    restarted.node(), new NodeState.NotRead("not read before the restart")));
            case Disruption.Paused paused -> frozen(paused.node());
            case Disruption.Delayed ignored -> throw networkFault(disruption);
            case Disruption.Losing ignored -> throw networkFault(disruption);
            case Disruption.Resetting ignored -> throw networkFault(disruption);
            case Disruption.Partitioned ignored -> throw networkFault(disruption);
        };
    }

    private static IllegalArgumentException networkFault(Disruption disruption) {
        return new IllegalArgumentException("a " + disruption.getClass().getSimpleName() + " is confirmed by its"
                + " protocols' or its node's own counts, not by reading its node back");
    }

    /** Gone: an exited process, a stopped container, a URL that no longer answers. */
    public FaultEvidence down(String node) throws InterruptedException {
        return await(node, NodeState.Down.class::isInstance, goneWithin, "still up");
    }

    /** Frozen: a process in state T, a paused container. */
    FaultEvidence frozen(String node) throws InterruptedException {
        return await(node, NodeState.Frozen.class::isInstance, goneWithin, "not frozen");
    }

    /**
     * Up again: a new process or container where {@code before} was up, since a node that was up and is up proves
     * no restart (a URL names no instance, so one that answered before and answers after shows nothing).
     */
    FaultEvidence upAgain(String node, NodeState before) throws InterruptedException {
        return await(node, state -> state instanceof NodeState.Up up
                && !(before instanceof NodeState.Up previous && Objects.equals(previous.instance(), up.instance())),
                upWithin, "not up again as a new instance (before the restart: " + before.seen() + ")");
    }

    /** What the node reads as now, once. */
    public NodeState now(String node) throws InterruptedException {
        return runtime.state(node);
    }

    /**
     * Reads until {@code shows}, the deadline, or the run's end (an interrupt, kept for the caller): what was read
     * last is the evidence either way.
     */
    private FaultEvidence await(String node, Predicate<NodeState> shows, Duration within, String otherwise)
            throws InterruptedException {
        long start = System.nanoTime();
        NodeState state = runtime.state(node);
        try {
            while (!shows.test(state) && !(state instanceof NodeState.NotRead)
                    && System.nanoTime() - start - within.toNanos() < 0) {
                Thread.sleep(POLL);
                state = runtime.state(node);
            }
        } catch (InterruptedException runEnded) {
            Thread.currentThread().interrupt();
        }
        if (shows.test(state)) {
            return FaultEvidence.confirmed(state.seen());
        }
        return FaultEvidence.unconfirmed(state instanceof NodeState.NotRead ? state.seen()
                : node + " " + otherwise + " " + (System.nanoTime() - start) / 1_000_000 + " ms later"
                        + (Thread.currentThread().isInterrupted() ? ", when the run ended" : "") + ": " + state.seen());
    }
}

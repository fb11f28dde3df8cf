package io.replsim.scenario.fault;

import io.replsim.scenario.spec.DelaySpec;
import io.replsim.scenario.spec.DiscardSpec;
import io.replsim.scenario.spec.DoubleKillSpec;
import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.PartitionSpec;
import io.replsim.scenario.spec.PauseSpec;
import io.replsim.scenario.spec.ResetSpec;
import io.replsim.scenario.spec.RestartSpec;
import io.replsim.scenario.spec.ResumeSpec;
import io.replsim.scenario.spec.StopSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Writes down what it was asked to do and when, by the fake clock: "12000 inject pause node2". Named targets only;
 * a node in {@code refusing} makes the injection fail, as a node that does not answer would; one in {@code unmoved}
 * reads back untouched, as a node a kill command that does nothing leaves running.
 */
final class RecordingNemesis implements Nemesis {
    private final FakeClock clock;
    private final Set<String> refusing;
    private final Set<String> unmoved;
    private final List<String> actions = new CopyOnWriteArrayList<>();

    RecordingNemesis(FakeClock clock, Set<String> refusing) {
        this(clock, refusing, Set.of());
    }

    /** {@code unmoved}: nodes a fault leaves as they were, so that reading them back shows nothing. */
    RecordingNemesis(FakeClock clock, Set<String> refusing, Set<String> unmoved) {
        this.clock = clock;
        this.refusing = refusing;
        this.unmoved = unmoved;
    }

    @Override
    public Disruption inject(FaultSpec fault) throws IOException {
        Disruption disruption = switch (fault) {
            case KillSpec kill -> new Disruption.Killed(name(kill.target()));
            // the buddy of nodeN is nodeN+1 here, as in a view [node1, node2, node3]
            case DoubleKillSpec pair -> new Disruption.KilledPair(name(pair.target()),
                    "node" + (Integer.parseInt(name(pair.target()).substring(4)) + 1), pair.gap(),
                    clock.epochMillis() + pair.gap().toMillis());
            case StopSpec stop -> new Disruption.Stopped(name(stop.target()));
            case RestartSpec restart -> new Disruption.Restarted(name(restart.target()));
            case PauseSpec pause -> new Disruption.Paused(name(pause.target()));
            case DelaySpec delay -> new Disruption.Delayed(name(delay.target()), delay.delay());
            case ResetSpec reset -> new Disruption.Resetting(name(reset.target()));
            case DiscardSpec discard -> new Disruption.Losing(name(discard.target()), discard.sender(),
                    discard.probability());
            case PartitionSpec partition -> {
                List<List<String>> sides = ((PartitionSpec.Named) partition.sides()).sides();
                yield new Disruption.Partitioned(sides, sides.getLast());
            }
            case ResumeSpec resume -> throw new AssertionError("the timeline heals resumes itself");
        };
        if (disruption.nodes().stream().anyMatch(refusing::contains)) {
            throw new IOException(disruption.nodes() + " did not answer");
        }
        actions.add(clock.millis() + " inject " + fault.type() + " " + String.join("+", disruption.nodes()));
        return disruption;
    }

    /** Every disruption reads back as done, a node in {@code unmoved} as untouched. */
    @Override
    public FaultEvidence confirm(Disruption disruption) {
        return disruption.nodes().stream().anyMatch(unmoved::contains)
                ? FaultEvidence.unconfirmed(String.join("+", disruption.nodes()) + " read back untouched at "
                        + clock.millis())
                : FaultEvidence.confirmed(String.join("+", disruption.nodes()) + " read back at " + clock.millis());
    }

    @Override
    public FaultEvidence heal(Disruption disruption) {
        actions.add(clock.millis() + " heal " + disruption.getClass().getSimpleName().toLowerCase() + " "
                + String.join("+", disruption.nodes()));
        return confirm(disruption);
    }

    private static String name(NodeSelector selector) {
        return ((NodeSelector.Named) selector).node();
    }

    List<String> actions() {
        return new ArrayList<>(actions);
    }
}

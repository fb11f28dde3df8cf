package io.replsim.scenario.fault;

import java.util.List;

/**
 * A fault as it happened, one line of events.jsonl: a fault starting or being healed, of which type, to which
 * nodes, chosen how, and when (ms after the load started, and the wall clock the nodes' view timestamps are
 * compared with). {@code node} names the nodes for people ({@code node1+node2} when several). {@code fault} is the
 * fault's place in the scenario's {@code faults} list, from 0 (-1 when unknown), which its expectations refer to.
 * {@code allDownEpochMs}: when the last of its nodes went down, later than {@code epochMs} for a double kill.
 */
public record FaultEvent(Phase phase, String type, String node, List<String> nodes, String target, String detail,
                         long atMs, long epochMs, int fault, long allDownEpochMs) {

    public FaultEvent {
        nodes = List.copyOf(nodes);
    }

    /** An event of no particular fault of the scenario. */
    public FaultEvent(Phase phase, String type, String node, List<String> nodes, String target, String detail,
                      long atMs, long epochMs) {
        this(phase, type, node, nodes, target, detail, atMs, epochMs, -1, epochMs);
    }

    public static FaultEvent started(int fault, String type, Disruption disruption, String target, long atMs,
                                     long epochMs) {
        return new FaultEvent(Phase.START, type, String.join("+", disruption.nodes()), disruption.nodes(), target,
                disruption.detail(), atMs, epochMs, fault, disruption.allDownAtEpochMs().orElse(epochMs));
    }

    public static FaultEvent healed(FaultEvent start, String how, long atMs, long epochMs) {
        return new FaultEvent(Phase.HEAL, start.type(), start.node(), start.nodes(), start.target(), how, atMs,
                epochMs, start.fault(), start.allDownEpochMs());
    }

    public enum Phase { START, HEAL }
}

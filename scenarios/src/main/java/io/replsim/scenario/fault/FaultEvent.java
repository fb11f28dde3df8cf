package io.replsim.scenario.fault;

import java.util.List;

/**
 * A fault as it happened, one line of events.jsonl: a fault starting, being healed, cut short by its node's end,
 * failing, or left unfinished by the run's end, of which type, to which nodes, chosen how, and when (ms after the
 * load started, and the wall clock the nodes' view timestamps are compared with). {@code node} names the nodes for
 * people ({@code node1+node2} when several). {@code fault} is the fault's place in the scenario's {@code faults} list,
 * from 0 (-1 when unknown), which its expectations refer to. {@code allDownEpochMs}: when the last of its nodes went
 * down, later than {@code epochMs} for a double kill. {@code evidence}: what was read back then to show the fault
 * took effect (at a start right after it, at a heal or a cut just before it); a failed fault has none, an unfinished
 * one its start's.
 */
public record FaultEvent(Phase phase, String type, String node, List<String> nodes, String target, String detail,
                         long atMs, long epochMs, int fault, long allDownEpochMs, FaultEvidence evidence) {

    public FaultEvent {
        nodes = List.copyOf(nodes);
    }

    /** An event of no particular fault of the scenario, confirmed by {@code evidence}. */
    public FaultEvent(Phase phase, String type, String node, List<String> nodes, String target, String detail,
                      long atMs, long epochMs, FaultEvidence evidence) {
        this(phase, type, node, nodes, target, detail, atMs, epochMs, -1, epochMs, evidence);
    }

    public static FaultEvent started(int fault, String type, Disruption disruption, String target, long atMs,
                                     long epochMs, FaultEvidence evidence) {
        return new FaultEvent(Phase.START, type, String.join("+", disruption.nodes()), disruption.nodes(), target,
                disruption.detail(), atMs, epochMs, fault, disruption.allDownAtEpochMs().orElse(epochMs), evidence);
    }

    public static FaultEvent healed(FaultEvent start, String how, long atMs, long epochMs, FaultEvidence evidence) {
        return new FaultEvent(Phase.HEAL, start.type(), start.node(), start.nodes(), start.target(), how, atMs,
                epochMs, start.fault(), start.allDownEpochMs(), evidence);
    }

    /** A lasting fault whose node another fault ended: nothing left to heal; its evidence read just before. */
    public static FaultEvent cutShort(FaultEvent start, String how, long atMs, long epochMs, FaultEvidence evidence) {
        return new FaultEvent(Phase.CUT_SHORT, start.type(), start.node(), start.nodes(), start.target(), how, atMs,
                epochMs, start.fault(), start.allDownEpochMs(), evidence);
    }

    /** The fault could not be aimed or applied: {@code why}; it did not happen, as far as anyone can tell. */
    public static FaultEvent failed(int fault, String type, String target, String why, long atMs, long epochMs) {
        return new FaultEvent(Phase.FAILED, type, "", List.of(), target, why, atMs, epochMs, fault, epochMs,
                FaultEvidence.unconfirmed(why));
    }

    /**
     * A fault the run's end caught before it was done ({@code start} its start, with what was read of it so far):
     * {@code why} says what it was still waiting for, and since when. It measured nothing.
     */
    public static FaultEvent unfinished(FaultEvent start, String why, long atMs, long epochMs) {
        return new FaultEvent(Phase.UNFINISHED, start.type(), start.node(), start.nodes(), start.target(), why, atMs,
                epochMs, start.fault(), start.allDownEpochMs(), start.evidence());
    }

    public enum Phase { START, HEAL, CUT_SHORT, FAILED, UNFINISHED }
}

package io.replsim.scenario.capacity;

import java.io.IOException;
import java.util.List;

/** Reads every node's CPU clock; a capacity step reads it at its steady window's start and end. */
public interface NodeCpuProbe {

    /**
     * One node's CPU clock at one moment, with the node's own monotonic clock read at that same moment: the cores
     * between two readings are the CPU delta over the monotonic delta, whatever the reading's request took.
     */
    record Reading(String node, long processCpuMs, long monotonicMs, double budgetCores) {
    }

    /** For a target whose CPU cannot be read (an external cluster): steps are judged without the CPU limit. */
    NodeCpuProbe NONE = List::of;

    List<Reading> read() throws IOException, InterruptedException;

    /**
     * Cores each node used between two readings of it; nodes missing from either are left out, and so is a node
     * whose CPU clock went back (a new process, restarted in between: its two readings are of different processes).
     */
    static List<NodeCpu> between(List<Reading> before, List<Reading> after) {
        return after.stream().flatMap(end -> before.stream()
                .filter(start -> start.node().equals(end.node()) && end.monotonicMs() > start.monotonicMs()
                        && end.processCpuMs() >= start.processCpuMs())
                .map(start -> new NodeCpu(end.node(),
                        (end.processCpuMs() - start.processCpuMs()) / (double) (end.monotonicMs() - start.monotonicMs()),
                        end.budgetCores())))
                .toList();
    }
}

package io.replsim.scenario.capacity;

import java.io.IOException;
import java.util.List;

/** Reads every node's CPU clock; a capacity step reads it at its steady window's start and end. */
public interface NodeCpuProbe {

    /** One node's CPU clock at one moment. */
    record Reading(String node, long processCpuMs, long atEpochMs, double budgetCores) {
    }

    /** For a target whose CPU cannot be read (an external cluster): steps are judged without the CPU limit. */
    NodeCpuProbe NONE = List::of;

    List<Reading> read() throws IOException, InterruptedException;

    /** Cores each node used between two readings of it; nodes missing from either are left out. */
    static List<NodeCpu> between(List<Reading> before, List<Reading> after) {
        return after.stream().flatMap(end -> before.stream()
                .filter(start -> start.node().equals(end.node()) && end.atEpochMs() > start.atEpochMs())
                .map(start -> new NodeCpu(end.node(),
                        (end.processCpuMs() - start.processCpuMs()) / (double) (end.atEpochMs() - start.atEpochMs()),
                        end.budgetCores())))
                .toList();
    }
}

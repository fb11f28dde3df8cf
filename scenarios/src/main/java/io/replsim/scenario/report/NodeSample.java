package io.replsim.scenario.report;

/**
 * One reading of a node's counters that the figures compare over time: gravitations around a fault, the heap
 * after GC over a long run. {@code uptimeMs} tells one process of the node from the next after a restart, since a
 * fresh process counts from zero. {@code heapAfterGcBytes} is -1 before the first collection or when the node does
 * not say.
 */
public record NodeSample(long atEpochMs, long uptimeMs, long gravitations, long heapAfterGcBytes) {
}

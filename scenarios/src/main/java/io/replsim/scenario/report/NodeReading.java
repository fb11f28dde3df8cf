package io.replsim.scenario.report;

import io.replsim.node.stats.NodeStatsReport;

/**
 * What a run read last of one node: its latest admin stats answer, and whether the node was alive at the end of the
 * load ({@code alive} false for a node a fault or nobody ended). The report works the node's figures out of it.
 */
public record NodeReading(String name, boolean alive, NodeStatsReport last) {
}

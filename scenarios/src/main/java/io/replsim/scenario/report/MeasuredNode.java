package io.replsim.scenario.report;

import io.replsim.node.stats.NodeStatsReport;

/**
 * One node as the report measures it, what every node figure is worked out of: the run's last reading of it, its
 * CPU over the steady window, and whether the run's engine has data gravitation (a gravitation count exists).
 */
public record MeasuredNode(NodeReading reading, NodeCpuFigure cpu, boolean engineHasGravitation) {

    public String name() {
        return reading.name();
    }

    public NodeStatsReport stats() {
        return reading.last();
    }

    public NodeStatsReport.Replication replication() {
        return reading.last().replication();
    }

    public NodeStatsReport.Sessions sessions() {
        return reading.last().sessions();
    }

    public NodeStatsReport.Requests requests() {
        return reading.last().requests();
    }
}

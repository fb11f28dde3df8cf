package io.replsim.node.stats;

import io.replsim.replication.member.LatencyDistribution;

/**
 * A node's figures at one instant: its {@code GET /admin/stats} report and, read with it, what only the metrics
 * endpoint shows: how long answers and replications took, in buckets, and the views installed since the start
 * (the report's history keeps the last 256).
 */
public record NodeReading(NodeStatsReport report, LatencyDistribution requestLatency,
                          LatencyDistribution replicationLatency, long viewsInstalled) {
}

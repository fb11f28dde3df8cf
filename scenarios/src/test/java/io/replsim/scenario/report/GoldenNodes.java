package io.replsim.scenario.report;

import io.replsim.node.stats.NodeStatsReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the golden runs read of their nodes, as a run reads it: each node's last admin stats, its CPU readings every
 * second and its counter readings, and the views the nodes saw. Made up, fixed, and shaped like a real run's (three
 * nodes of 0.66 cores; node1 killed at 20 s in the drills).
 */
final class GoldenNodes {
    static final double BUDGET = 0.66;

    private GoldenNodes() {
    }

    /** One node's last stats and how fast its CPU time grew before and after the kill (ms of CPU a second). */
    record Node(NodeStatsReport stats, boolean alive, long cpuBefore, long cpuAfter, Long compilerPerSecond) {
        String name() {
            return stats.node();
        }
    }

    static NodeStatsReport stats(String node, long atEpochMs, int owned, int backup, long requests,
                                 NodeStatsReport.Replication replication, NodeStatsReport.Sessions sessions,
                                 long deniedInPartition) {
        long uptime = atEpochMs - GoldenLoads.STARTED.toEpochMilli();
        return new NodeStatsReport(node, uptime, atEpochMs, new NodeStatsReport.Cpu(BUDGET, 0.09, 0.14, 1_000, 4_000,
                uptime, null), 16, sessions, new NodeStatsReport.Requests(requests, 3, deniedInPartition), replication,
                new NodeStatsReport.View("[node2|3]", "node2", List.of("node2", "node3"), atEpochMs - 20_000),
                List.of(), new NodeStatsReport.Memory(40L << 20, 256L << 20, 21L << 20, 12, 80));
    }

    static NodeStatsReport.Sessions sessions(int owned, int backup, long backupBytes, long expired, long heldBytes,
                                             long passivations, long activations) {
        return new NodeStatsReport.Sessions(owned, backup, backupBytes, expired, 0, heldBytes, passivations,
                activations, 0);
    }

    /**
     * The replication counters the figures read, the others made up around them. {@code extra}: peersRefused,
     * ownershipConflicts, coalescedUpdates, lateSnapshotRounds.
     */
    static NodeStatsReport.Replication replication(String engine, long messagesSent, long bytesSent, long failures,
                                                   long rejected, long micros, long replications, long gravitations,
                                                   long remoteReads, long marshalledBytes, long marshalMicros,
                                                   long streamed, long... extra) {
        return new NodeStatsReport.Replication("all", "session", "sync", messagesSent, bytesSent, messagesSent,
                bytesSent, rejected, failures, micros, micros / 10, gravitations, gravitations * 3,
                new NodeStatsReport.Async(0, 0, 0, 0, 0, 0, 0, 0, 0), replications, replications, marshalledBytes,
                marshalMicros, marshalMicros / 2, engine, remoteReads, streamed, extra[0], extra[1], extra[2],
                extra[3]);
    }

    /** The drill's three nodes on replsim's own engine: node1 killed at 20 s, node2 with every optional figure. */
    static List<Node> drill(long loadStart) {
        long end = loadStart + 45_000;
        return List.of(
                new Node(stats("node1", loadStart + 19_500, 20, 40, 670,
                        replication("jgroups", 1_340, 5_662_310, 0, 0, 1_699_120, 670, 0, 0, 2_831_155, 57_500, 0,
                                0, 0, 0, 0),
                        sessions(20, 40, 172_236, 0, 258_355, 0, 0), 0), false, 90, 0, 30L),
                new Node(stats("node2", end, 30, 30, 2_100,
                        replication("jgroups", 2_806, 11_744_051, 2, 1, 17_772_300, 2_100, 12, 0, 8_808_038, 82_300,
                                140, 3, 1, 5, 2),
                        sessions(30, 30, 129_229, 4, 258_355, 3, 2), 0), true, 90, 130, 37L),
                new Node(stats("node3", end, 30, 30, 2_080,
                        replication("jgroups", 2_777, 11_639_193, 0, 0, 18_181_280, 2_080, 8, 0, 8_703_180, 91_200,
                                0, 0, 0, 0, 0),
                        sessions(30, 30, 129_229, 0, 258_355, 0, 0), 0), true, 80, 110, null));
    }

    /** The same nodes on infinispan: remote reads instead of gravitations, requests denied in a partition. */
    static List<Node> infinispan(long loadStart) {
        long end = loadStart + 45_000;
        return List.of(
                new Node(stats("node1", loadStart + 19_500, 20, 20, 700,
                        replication("infinispan", 9_100, 21_000_000, 0, 0, 2_100_000, 700, 0, 120, 3_000_000, 60_000,
                                0, 0, 0, 0, 0),
                        sessions(20, 20, 90_000, 0, 180_000, 0, 0), 0), false, 100, 0, 20L),
                new Node(stats("node2", end, 30, 30, 2_000,
                        replication("infinispan", 18_200, 42_000_000, 1, 0, 9_800_000, 2_000, 0, 410, 9_000_000,
                                85_000, 0, 0, 0, 0, 0),
                        sessions(30, 30, 135_000, 0, 270_000, 0, 0), 17), true, 100, 140, 9L),
                new Node(stats("node3", end, 30, 30, 1_990,
                        replication("infinispan", 18_000, 41_500_000, 0, 0, 9_700_000, 1_990, 0, 395, 8_900_000,
                                84_000, 0, 0, 0, 0, 0),
                        sessions(30, 30, 135_000, 0, 270_000, 0, 0), 0), true, 100, 135, 8L));
    }

    /**
     * Three nodes of an open-model run with no fault under async delivery: none killed, none warming up; node2's
     * queue filled now and then.
     */
    static List<Node> open(long loadStart) {
        long end = loadStart + 30_000;
        return List.of(
                new Node(stats("node1", end, 33, 67, 2_000, async(replication("jgroups", 4_000, 16_000_000, 0, 0,
                        6_000_000, 2_000, 0, 0, 8_000_000, 50_000, 0, 0, 0, 0, 0),
                        new NodeStatsReport.Async(0, 4_000, 0, 3_998, 2, 0, 1_400, 6_000_000, 9_000)),
                        sessions(33, 67, 280_000, 0, 420_000, 0, 0), 0), true, 200, 200, 4L),
                new Node(stats("node2", end, 34, 66, 2_010, async(replication("jgroups", 4_020, 16_080_000, 0, 0,
                        6_030_000, 2_010, 0, 0, 8_040_000, 50_000, 0, 0, 0, 0, 0),
                        new NodeStatsReport.Async(3, 4_020, 11, 3_996, 1, 9, 1_410, 9_100_000, 41_000)),
                        sessions(34, 66, 277_000, 0, 425_000, 0, 0), 0), true, 210, 210, 4L),
                new Node(stats("node3", end, 33, 67, 1_990, async(replication("jgroups", 3_980, 15_920_000, 0, 0,
                        5_970_000, 1_990, 0, 0, 7_960_000, 50_000, 0, 0, 0, 0, 0),
                        new NodeStatsReport.Async(0, 3_980, 0, 3_980, 0, 0, 1_390, 5_900_000, 8_700)),
                        sessions(33, 67, 280_000, 0, 420_000, 0, 0), 0), true, 190, 190, 4L));
    }

    /** The counters {@code r} with the async queue's. */
    private static NodeStatsReport.Replication async(NodeStatsReport.Replication r, NodeStatsReport.Async async) {
        return new NodeStatsReport.Replication(r.placement(), r.granularity(), "async", r.messagesSent(),
                r.bytesSent(), r.messagesReceived(), r.bytesReceived(), r.rejectedMessages(), r.failures(),
                r.replicationMicrosTotal(), r.replicationMicrosMax(), r.gravitations(), r.sessionsPushed(), async,
                r.replications(), r.marshalledMessages(), r.marshalledBytes(), r.marshalMicrosTotal(),
                r.unmarshalMicrosTotal(), r.engine(), r.remoteReads(), r.messagesStreamed(), r.peersRefused(),
                r.ownershipConflicts(), r.coalescedUpdates(), r.lateSnapshotRounds());
    }

    /**
     * Each node's CPU readings, one a second from the load's start until its end ({@code seconds}) or its kill
     * ({@code killedAtMs} after the start), its CPU time growing {@code cpuBefore} ms a second before the kill and
     * {@code cpuAfter} after; the node's monotonic clock runs with the wall clock.
     */
    static Map<String, List<CpuSample>> cpu(List<Node> nodes, long loadStart, int seconds, long killedAtMs) {
        Map<String, List<CpuSample>> cpu = new LinkedHashMap<>();
        for (Node node : nodes) {
            List<CpuSample> samples = new ArrayList<>();
            long processCpu = 4_000;
            long compiler = 1_000;
            for (int second = 0; second <= seconds; second++) {
                long at = loadStart + second * 1_000L;
                if (!node.alive() && second * 1_000L > killedAtMs) {
                    break;
                }
                samples.add(new CpuSample(at, at - GoldenLoads.STARTED.toEpochMilli(), processCpu, BUDGET,
                        node.compilerPerSecond() == null ? null : compiler));
                processCpu += second * 1_000L < killedAtMs ? node.cpuBefore() : node.cpuAfter();
                compiler += node.compilerPerSecond() == null ? 0 : node.compilerPerSecond();
            }
            cpu.put(node.name(), List.copyOf(samples));
        }
        return cpu;
    }

    /**
     * Each node's counter readings: its gravitations reached at the end, a third of them before the kill, two thirds
     * 5 s after it.
     */
    static Map<String, List<NodeSample>> counters(List<Node> nodes, long loadStart, long killedAtMs) {
        Map<String, List<NodeSample>> counters = new LinkedHashMap<>();
        for (Node node : nodes) {
            long all = node.stats().replication().gravitations();
            long uptime = loadStart - GoldenLoads.STARTED.toEpochMilli();
            counters.put(node.name(), List.of(
                    new NodeSample(loadStart + killedAtMs - 1_000, uptime + killedAtMs - 1_000, all / 3, 20L << 20),
                    new NodeSample(loadStart + killedAtMs + 5_000, uptime + killedAtMs + 5_000, all * 2 / 3,
                            20L << 20),
                    new NodeSample(node.stats().atEpochMs(), node.stats().uptimeMs(), all, 21L << 20)));
        }
        return counters;
    }

    /**
     * The views every node saw: all three from the start, then, when {@code killedAtMs} is not negative, node2 and
     * node3 without node1 813 and 868 ms after the kill.
     */
    static Map<String, List<NodeStatsReport.PastView>> views(long loadStart, long killedAtMs) {
        long start = GoldenLoads.STARTED.toEpochMilli() + 1_500;
        NodeStatsReport.PastView all = new NodeStatsReport.PastView("[node1|2]", List.of("node1", "node2", "node3"),
                start);
        Map<String, List<NodeStatsReport.PastView>> views = new LinkedHashMap<>();
        views.put("node1", List.of(all));
        if (killedAtMs < 0) {
            views.put("node2", List.of(all));
            views.put("node3", List.of(all));
            return views;
        }
        views.put("node2", List.of(all, new NodeStatsReport.PastView("[node2|3]", List.of("node2", "node3"),
                loadStart + killedAtMs + 813)));
        views.put("node3", List.of(all, new NodeStatsReport.PastView("[node2|3]", List.of("node2", "node3"),
                loadStart + killedAtMs + 868)));
        return views;
    }
}

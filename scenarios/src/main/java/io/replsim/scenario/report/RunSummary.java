package io.replsim.scenario.report;

import java.util.List;

/**
 * Every figure of a run: what the console prints and what summary.json holds, one record for both. The figures
 * cover the whole load, except {@code validity}, which judges and describes the steady window alone.
 */
public record RunSummary(String scenario, String runDirectory, String startedAt, long wallMs, String verdict,
                         Cluster cluster, Load load, Requests requests, double throughputPerSec, Latency latencyMs,
                         Verdicts sessions, ResponseVerdicts responses, List<FaultReport> faults, List<NodeFigures> nodes,
                         List<CheckOutcome> checks, Validity validity) {

    public record Cluster(int nodes, int workers, double cpuBudgetCores, String heap, String placement,
                          String granularity, String delivery, long syncTimeoutMs, String payload, long startMs,
                          String engine) {}

    public record Load(int users, long thinkTimeMs, long rampUpMs, long durationMs, long requestTimeoutMs) {}


    public record Requests(long total, long errors, long connectErrors, long ioErrors, long timeouts, long httpErrors) {}

    /** Response times in milliseconds over the whole run. */
    public record Latency(double p50, double p90, double p99, double max, double mean) {}

    public record Verdicts(long ok, long stale, long lost) {
        public long total() {
            return ok + stale + lost;
        }
    }

    /** Per response; {@code corrupt}: the payload digest changed within a session (its session counts as lost). */
    public record ResponseVerdicts(long ok, long stale, long lost, long corrupt) {}

    /**
     * A node's figures over the load: CPU used on average against its budget, sessions at the last look, and
     * replication counters. {@code alive} is false for a node a fault ended.
     */
    public record NodeFigures(String name, boolean alive, double cpuUsedCores, double cpuUtilization, long sessionsOwned,
                              long sessionsBackup, long requests, long replicationMessagesSent, long replicationBytesSent,
                              long replicationFailures, long rejectedMessages, double replicationMeanMicros,
                              long gravitations, long remoteReads, long marshalledBytes, long marshalMicrosTotal,
                              long backupBytes) {}

    public boolean passed() {
        return checks.stream().allMatch(CheckOutcome::passed);
    }
}

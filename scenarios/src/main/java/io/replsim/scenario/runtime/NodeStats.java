package io.replsim.scenario.runtime;

import java.util.List;

/** What {@code /admin/stats} says (docs/interfaces.md §3); the parts the runner reads. */
public record NodeStats(String node, long uptimeMs, long atEpochMs, Cpu cpu, int workers, Sessions sessions,
                        Requests requests, Replication replication, View view, List<View> viewHistory) {

    public record Cpu(double budgetCores, double usedCores, double utilization, long windowMs, long processCpuMs) {}

    public record Sessions(long owned, long backup) {}

    public record Requests(long total, long errors) {}

    public record Replication(String placement, String granularity, String delivery, long messagesSent,
                              long bytesSent, long messagesReceived, long bytesReceived, long rejectedMessages,
                              long failures, long replicationMicrosTotal, long replicationMicrosMax) {}

    public record View(String id, String coordinator, List<String> members, long installedAtEpochMs) {}
}

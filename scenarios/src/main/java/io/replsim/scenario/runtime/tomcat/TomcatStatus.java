package io.replsim.scenario.runtime.tomcat;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * A Tomcat member's status page (tomcat-node's TomcatAdmin): the members it sees, its manager's session counts and
 * replication counters (null where the manager has none), its process and that process's CPU time.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TomcatStatus(String node, List<String> members, String manager, long activeSessions,
                           long sessionCounter, Long activeSessionsFull, Long deltasSent, Long deltasReceived,
                           long pid, long processCpuMs, long monotonicMs, long atEpochMs) {

    public TomcatStatus {
        members = List.copyOf(members);
    }
}

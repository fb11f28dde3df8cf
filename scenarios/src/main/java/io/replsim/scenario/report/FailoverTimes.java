package io.replsim.scenario.report;

import java.util.List;

/**
 * One confirmed fault's affected users and, for each that was served again on another node, the time from the fault
 * to its first good response there, shortest first ({@link FailoverAnalysis#failoverTimes}); {@code fault} names it
 * as the page does, {@code atMs} after the start of the load.
 */
public record FailoverTimes(String fault, long atMs, int affectedUsers, List<Long> usersMs) {

    public FailoverTimes {
        usersMs = List.copyOf(usersMs);
    }
}

package io.replsim.replication.transport;

import java.time.Duration;

/**
 * How a member enters its cluster when it starts. JGroups' way ({@link #JOIN}) has a member ask the members it knows
 * of who is there and wait, up to the join timeout, for the coordinator to answer before it founds the cluster
 * itself; so the first member of a new cluster always waits the whole timeout, since nobody can answer it. A
 * runtime that starts a cluster knows which member it starts first and that nobody else is in that cluster yet (its
 * name and secret are made for the run): that member founds it at once ({@link #FOUND}) and the others start beside
 * it. Failure detection, merging and everything after the first view are the same either way.
 */
public enum Formation {
    /**
     * Asks every 200 ms while it waits, so a member started beside the founder finds it as soon as the founder is
     * the coordinator; founds the cluster itself if no coordinator answered within the join timeout (two members
     * that do so are merged by MERGE3).
     */
    JOIN(Duration.ofSeconds(2), 10, 10),
    /**
     * Founds the cluster without waiting for answers: only for the first member a runtime starts of a cluster that
     * nobody else runs yet. One round of discovery and no more: should a member started beside it answer that fast
     * (as a client, not yet a member of anything), JGroups would otherwise go on asking for a coordinator.
     * A member started again later joins.
     */
    FOUND(Duration.ZERO, 1, 1);

    private final Duration joinTimeout;
    private final int discoveryRuns;
    private final int maxJoinAttempts;

    Formation(Duration joinTimeout, int discoveryRuns, int maxJoinAttempts) {
        this.joinTimeout = joinTimeout;
        this.discoveryRuns = discoveryRuns;
        this.maxJoinAttempts = maxJoinAttempts;
    }

    /** GMS {@code join_timeout}: how long the member waits for a coordinator's answer, and for its JOIN's. */
    public Duration joinTimeout() {
        return joinTimeout;
    }

    /** Discovery's {@code num_discovery_runs}: how many times the member asks within the join timeout. */
    public int discoveryRuns() {
        return discoveryRuns;
    }

    /**
     * GMS {@code max_join_attempts}: the rounds of discovery and JOIN before the member founds the cluster itself
     * (JGroups' own 10 for a joiner).
     */
    public int maxJoinAttempts() {
        return maxJoinAttempts;
    }
}

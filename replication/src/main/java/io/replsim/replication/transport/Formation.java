package io.replsim.replication.transport;

import java.time.Duration;
import java.util.Locale;

/**
 * How a member enters its cluster when it starts. JGroups' way ({@link #JOIN}) has a member ask the members it knows
 * of who is there and wait, up to the join timeout, for the coordinator to answer before it founds the cluster
 * itself; so the first member of a new cluster always waits the whole timeout, since nobody can answer it. A
 * runtime that starts a cluster knows which member it starts first and that nobody else is in that cluster yet (its
 * name and secret are made for the run): that member founds it at once ({@link #FOUND}) and the others start beside
 * it ({@link #JOIN_FOUNDER}). Failure detection, merging and everything after the first view are the same either way.
 */
public enum Formation {
    /**
     * Joins a running cluster (a member started again, or alone): founds it itself if no coordinator answered within
     * 2 s (two members that do so are merged by MERGE3).
     */
    JOIN(Duration.ofSeconds(2), 10),
    /**
     * Joins the cluster a founder started at the same time is founding: waits up to 15 s for it, so that a founder
     * whose JVM starts seconds later than this one's on a busy machine is still joined, not met with a cluster of
     * this member's own and a merge.
     */
    JOIN_FOUNDER(Duration.ofSeconds(15), 10),
    /**
     * Founds the cluster without waiting for answers: only for the first member a runtime starts of a cluster that
     * nobody else runs yet. One round of discovery and no more: should a member started beside it answer that fast
     * (as a client, not yet a member of anything), JGroups would otherwise go on asking for a coordinator.
     */
    FOUND(Duration.ZERO, 1);

    /** How often a joiner asks again while it waits: a founder is answered at most this long after it founded. */
    static final Duration ASK_EVERY = Duration.ofMillis(200);

    private final Duration joinTimeout;
    private final int maxJoinAttempts;

    Formation(Duration joinTimeout, int maxJoinAttempts) {
        this.joinTimeout = joinTimeout;
        this.maxJoinAttempts = maxJoinAttempts;
    }

    /** How a node's command line and docs write it: {@code join}, {@code join-founder}, {@code found}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** GMS {@code join_timeout}: how long the member waits for a coordinator's answer, and for its JOIN's. */
    public Duration joinTimeout() {
        return joinTimeout;
    }

    /**
     * Discovery's {@code num_discovery_runs}: how many times the member asks within the join timeout, every
     * {@link #ASK_EVERY} (JGroups asks once unless told).
     */
    public int discoveryRuns() {
        return (int) Math.max(1, joinTimeout.toMillis() / ASK_EVERY.toMillis());
    }

    /**
     * GMS {@code max_join_attempts}: the rounds of discovery and JOIN before the member founds the cluster itself
     * (JGroups' own 10 for a joiner).
     */
    public int maxJoinAttempts() {
        return maxJoinAttempts;
    }
}

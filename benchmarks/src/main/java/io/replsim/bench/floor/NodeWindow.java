package io.replsim.bench.floor;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Node1's threads' CPU by role over the steady window, and what it did in it: requests served and updates applied
 * as a backup. The node's counters are read once, at the end of the run ({@code nodes/node1-stats.json}); the
 * window's part of them is the cluster's requests in the window over its requests in the whole run
 * ({@code timeline.json}, per second), which holds as long as the sticky router spreads the users evenly over time,
 * as it does with a fixed set of users and no faults.
 *
 * @param millis   the span between the two readings taken
 * @param requests node1's requests in that span
 * @param applied  updates node1 applied as a backup in that span
 * @param nanos    node1's threads' CPU in that span, by role
 */
record NodeWindow(long millis, double requests, double applied, Map<ThreadRole, Long> nanos) {

    NodeWindow {
        nanos = Map.copyOf(nanos);
    }

    /**
     * @param samples             node1's readings, oldest first
     * @param fromEpochMs         the steady window's start
     * @param toEpochMs           its end
     * @param clusterPerSecond    the cluster's requests in each second of the run, by epoch second
     * @param nodeRequests        node1's requests in the whole run
     * @param nodeApplied         updates node1 applied as a backup in the whole run
     */
    static NodeWindow of(List<RoleCpu> samples, long fromEpochMs, long toEpochMs, Map<Long, Long> clusterPerSecond,
                         long nodeRequests, long nodeApplied) {
        List<RoleCpu> inside = samples.stream()
                .filter(sample -> sample.atEpochMs() >= fromEpochMs && sample.atEpochMs() <= toEpochMs).toList();
        if (inside.size() < 2) {
            throw new IllegalStateException("fewer than two readings of node1 in the steady window ("
                    + inside.size() + " of " + samples.size() + ")");
        }
        RoleCpu first = inside.getFirst();
        RoleCpu last = inside.getLast();
        long all = clusterPerSecond.values().stream().mapToLong(Long::longValue).sum();
        // the seconds that began at or after the first reading and before the last: the span, to a second
        long firstSecond = Math.floorDiv(first.atEpochMs(), 1000);
        long lastSecond = Math.floorDiv(last.atEpochMs(), 1000);
        long within = clusterPerSecond.entrySet().stream()
                .filter(second -> second.getKey() >= firstSecond && second.getKey() < lastSecond)
                .mapToLong(Map.Entry::getValue).sum();
        if (all == 0) {
            throw new IllegalStateException("the run's timeline holds no requests");
        }
        double share = within / (double) all;
        Map<ThreadRole, Long> spent = new EnumMap<>(ThreadRole.class);
        for (ThreadRole role : ThreadRole.values()) {
            spent.put(role, last.of(role) - first.of(role));
        }
        return new NodeWindow(last.atEpochMs() - first.atEpochMs(), nodeRequests * share, nodeApplied * share, spent);
    }

    /** The role's CPU per request node1 served, in µs. */
    double microsPerRequest(ThreadRole role) {
        return nanos.getOrDefault(role, 0L) / 1_000.0 / requests;
    }

    /** The role's CPU per update node1 applied as a backup, in µs; NaN when it applied none. */
    double microsPerApplied(ThreadRole role) {
        return applied == 0 ? Double.NaN : nanos.getOrDefault(role, 0L) / 1_000.0 / applied;
    }

    long totalNanos() {
        return nanos.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The JIT compiler's share of node1's CPU in the window: above a few percent it was still warming up. */
    double compilerShare() {
        long total = totalNanos();
        return total == 0 ? 0 : nanos.getOrDefault(ThreadRole.JIT, 0L) / (double) total;
    }
}

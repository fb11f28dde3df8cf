package io.replsim.scenario.capacity;

import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeHandle;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the live nodes' CPU clocks from their admin stats (interface doc §3: process CPU time and the node's
 * monotonic clock, read together, and the budget).
 */
public final class AdminCpuProbe implements NodeCpuProbe {

    /**
     * A node compiling on a machine at load 20 answered its admin stats after the 2 s timeout and broke two searches
     * in their first warm-up round (26 Nov 2026); a late reading is still a true one, since its CPU time and clock
     * are read together in the node, so a timed-out read is asked again before the run gives up (6 x 2 s: at
     * 6,400 and 10,000 users, warm-up rounds on a machine at load 19-38, 3 attempts were not enough).
     */
    static final int ATTEMPTS = 6;

    private final ClusterRuntime runtime;

    public AdminCpuProbe(ClusterRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public List<Reading> read() throws IOException, InterruptedException {
        List<Reading> readings = new ArrayList<>();
        for (NodeHandle node : runtime.liveNodes()) {
            NodeStatsReport stats = statsOf(node.name());
            readings.add(new Reading(node.name(), stats.cpu().processCpuMs(), stats.cpu().monotonicMs(),
                    stats.cpu().budgetCores()));
        }
        return readings;
    }

    private NodeStatsReport statsOf(String node) throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                return runtime.admin(node).stats();
            } catch (IOException e) {
                if (!(e.getCause() instanceof java.net.http.HttpTimeoutException) || attempt == ATTEMPTS) {
                    throw e;
                }
            }
        }
    }
}

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

    private final ClusterRuntime runtime;

    public AdminCpuProbe(ClusterRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public List<Reading> read() throws IOException, InterruptedException {
        List<Reading> readings = new ArrayList<>();
        for (NodeHandle node : runtime.liveNodes()) {
            NodeStatsReport stats = runtime.admin(node.name()).stats();
            readings.add(new Reading(node.name(), stats.cpu().processCpuMs(), stats.cpu().monotonicMs(),
                    stats.cpu().budgetCores()));
        }
        return readings;
    }
}

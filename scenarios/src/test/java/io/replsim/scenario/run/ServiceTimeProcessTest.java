package io.replsim.scenario.run;

import io.replsim.loadgen.LoadResult;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.NoNodeProcessLeft;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code workload.serviceTime} with a real node process: the cpu it asks for is burned on the node (the node's
 * own CPU figure grows by at least that much per request served), and the wait holds every request at least that
 * long (the driver's shortest response time). Relations only, never upper bounds: the machine may be busy.
 */
@ExtendWith(NoNodeProcessLeft.class)
class ServiceTimeProcessTest {

    private static final String WORKING = """
            name: service-time
            cluster: {nodes: 1, workers: 8, cpuBudget: 1, heap: 128m}
            workload: {app: counter, payload: 1KB, serviceTime: {cpu: 10ms, wait: 40ms}}
            load: {users: 2, thinkTime: 10ms, rampUp: 0s, duration: 5s, requestTimeout: 5s}
            """;

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void theCpuShowsInTheNodesCpuFigureAndTheWaitInEveryResponseTime(@TempDir Path dir) throws Exception {
        try (StartedCluster cluster = StartedCluster.start(dir, "service-time", WORKING)) {
            long cpuNanos = cluster.spec().workload().serviceTime().cpu().toNanos();
            long waitMicros = cluster.spec().workload().serviceTime().waitTime().toNanos() / 1_000;
            NodeStatsReport before = cluster.statsOf("node1");
            LoadResult result;
            try (var driver = cluster.driver()) {
                driver.start();
                result = driver.awaitResult();
            }
            NodeStatsReport after = cluster.statsOf("node1");

            long served = after.requests().total() - before.requests().total();
            long cpuMs = after.cpu().processCpuMs() - before.cpu().processCpuMs();
            String figures = served + " requests served, node CPU " + cpuMs + " ms, shortest response "
                    + result.latencyMicros().getMinValue() + " µs\n" + result + "\n" + cluster.console();
            assertThat(served).as(figures).isGreaterThanOrEqualTo(20).isEqualTo(result.requests());
            assertThat(result.errors().total()).as(figures).isZero();
            assertThat(cpuMs * 1_000_000).as(figures).isGreaterThanOrEqualTo(served * cpuNanos);
            assertThat(result.latencyMicros().getMinValue()).as(figures).isGreaterThanOrEqualTo(waitMicros);
        }
    }
}

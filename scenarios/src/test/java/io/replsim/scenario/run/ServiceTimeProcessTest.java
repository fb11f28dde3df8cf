package io.replsim.scenario.run;

import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeImage;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeFactory;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code workload.serviceTime} with a real node process: the cpu it asks for is burned on the node (the node's
 * own CPU figure grows by at least that much per request served), and the wait holds every request at least that
 * long (the driver's shortest response time). Relations only, never upper bounds: the machine may be busy.
 */
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
        ScenarioSpec spec = ScenarioLoader.load(Files.writeString(dir.resolve("service-time.yaml"), WORKING));
        long cpuNanos = spec.workload().serviceTime().cpu().toNanos();
        long waitMicros = spec.workload().serviceTime().waitTime().toNanos() / 1_000;
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        try (ClusterRuntime runtime = RuntimeFactory.standard(NodeLauncher.currentJvm(), NodeImage::ofThisInstallation,
                new PrintStream(console, true, StandardCharsets.UTF_8)).create(spec, Files.createDirectory(
                dir.resolve("nodes")))) {
            runtime.start(Duration.ofSeconds(60));
            List<NodeEndpoint> endpoints = runtime.nodes().stream()
                    .map(node -> new NodeEndpoint(node.name(), node.httpUri())).toList();
            NodeStatsReport before = statsOf(runtime);
            LoadResult result;
            try (var driver = new LoadDriver(spec.load().toProfile("/counter")
                    .withProtocol(TargetProtocol.replsim(spec.workload().sessionShapes())), endpoints, null)) {
                driver.start();
                result = driver.awaitResult();
            }
            NodeStatsReport after = statsOf(runtime);

            long served = after.requests().total() - before.requests().total();
            long cpuMs = after.cpu().processCpuMs() - before.cpu().processCpuMs();
            String figures = served + " requests served, node CPU " + cpuMs + " ms, shortest response "
                    + result.latencyMicros().getMinValue() + " µs\n" + result + "\n"
                    + console.toString(StandardCharsets.UTF_8);
            assertThat(served).as(figures).isGreaterThanOrEqualTo(20).isEqualTo(result.requests());
            assertThat(result.errors().total()).as(figures).isZero();
            assertThat(cpuMs * 1_000_000).as(figures).isGreaterThanOrEqualTo(served * cpuNanos);
            assertThat(result.latencyMicros().getMinValue()).as(figures).isGreaterThanOrEqualTo(waitMicros);
        }
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
                .as("node processes left running").isEmpty();
    }

    /** The node's stats; an admin request that times out on a loaded machine is asked again. */
    private static NodeStatsReport statsOf(ClusterRuntime runtime) {
        return await().atMost(Duration.ofSeconds(20)).ignoreExceptionsInstanceOf(IOException.class)
                .until(() -> runtime.admin("node1").stats(), stats -> true);
    }
}

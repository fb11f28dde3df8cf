package io.replsim.scenario.run;

import io.replsim.loadgen.LoadDriver;
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
 * {@code orphans} with real node processes and a real SIGKILL, after the load has ended so that no request can move
 * a session: with {@code adopt} the killed node's buddy owns its sessions once the survivors have the new view;
 * with the default {@code on-request} they stay the dead node's, held as backups, for three times as long as the
 * adoption took.
 */
class OrphanAdoptionDrill {
    private static final String CLUSTER = """
            name: orphans-%s
            cluster: {nodes: 3, workers: 4, cpuBudget: 0.5, heap: 96m}
            replication: {placement: buddies, buddies: 1, delivery: sync, syncTimeout: 2s, orphans: %s}
            workload: {app: counter, payload: 1KB}
            load: {users: 18, thinkTime: 200ms, rampUp: 1s, duration: 4s, requestTimeout: 3s}
            """;

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void adoptMakesTheDeadOwnersBuddyTheOwnerBeforeAnyRequestAndOnRequestDoesNot(@TempDir Path dir)
            throws Exception {
        Killed adopt = killNode1AfterTheLoad(dir.resolve("adopt"), "adopt", null);
        assertThat(adopt.orphans()).as(adopt.console()).isPositive();
        assertThat(adopt.survivorsOwned()).as(adopt.console()).isEqualTo(adopt.sessions());

        Killed onRequest = killNode1AfterTheLoad(dir.resolve("on-request"), "on-request",
                adopt.adoptedAfter().multipliedBy(3).plusSeconds(1));
        assertThat(onRequest.orphans()).as(onRequest.console()).isPositive();
        assertThat(onRequest.survivorsOwned()).as(onRequest.console())
                .isEqualTo(onRequest.sessions() - onRequest.orphans());
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
                .as("node processes left running").isEmpty();
    }

    /**
     * Every session of the cluster (a user whose request failed under load starts another, so there can be more
     * than users), node1's, what the survivors own afterwards, and how long after the new view they owned it.
     */
    private record Killed(int sessions, int orphans, int survivorsOwned, Duration adoptedAfter, String console) {
    }

    /**
     * Drives the load to its end, kills node1 and waits for the survivors' view. With {@code holdFor} null, then
     * waits until they own every session; else checks that what they own does not change for that long.
     */
    private static Killed killNode1AfterTheLoad(Path dir, String policy, Duration holdFor) throws Exception {
        Files.createDirectories(dir);
        ScenarioSpec spec = ScenarioLoader.parse(CLUSTER.formatted(policy, policy), "orphans.yaml");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        try (ClusterRuntime runtime = RuntimeFactory.standard(NodeLauncher.currentJvm(), NodeImage::ofThisInstallation,
                new PrintStream(console, true, StandardCharsets.UTF_8)).create(spec, Files.createDirectory(
                dir.resolve("nodes")))) {
            runtime.start(Duration.ofSeconds(60));
            List<NodeEndpoint> endpoints = runtime.nodes().stream()
                    .map(node -> new NodeEndpoint(node.name(), node.httpUri())).toList();
            try (var driver = new LoadDriver(spec.load().toProfile("/counter")
                    .toBuilder().protocol(TargetProtocol.replsim(spec.workload().sessionShapes())).build(), endpoints,
                    null)) {
                driver.start();
                driver.awaitResult();
            }
            int orphans = stats(runtime, "node1").sessions().owned();
            int sessions = orphans + stats(runtime, "node2").sessions().owned()
                    + stats(runtime, "node3").sessions().owned();
            runtime.kill("node1");
            await().atMost(Duration.ofSeconds(60)).ignoreExceptions().until(() -> viewSize(runtime, "node2") == 2
                    && viewSize(runtime, "node3") == 2);
            long viewAt = System.nanoTime();
            String printed = console.toString(StandardCharsets.UTF_8);
            if (holdFor == null) {
                await().atMost(Duration.ofSeconds(60)).ignoreExceptions()
                        .until(() -> survivorsOwned(runtime) == sessions);
                return new Killed(sessions, orphans, sessions, Duration.ofNanos(System.nanoTime() - viewAt), printed);
            }
            int owned = await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                    .until(() -> survivorsOwned(runtime), any -> true);
            // An admin answer slower than its 2 s timeout on a loaded machine is no change: it only restarts the hold.
            await().during(holdFor).atMost(holdFor.plusSeconds(30)).ignoreExceptions()
                    .until(() -> survivorsOwned(runtime) == owned);
            return new Killed(sessions, orphans, owned, Duration.ZERO, printed);
        }
    }

    /** A node's stats, asked again while its admin API is slower than its timeout (a loaded machine). */
    private static NodeStatsReport stats(ClusterRuntime runtime, String node) {
        return await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> runtime.admin(node).stats(),
                report -> report != null);
    }

    private static int viewSize(ClusterRuntime runtime, String node) throws Exception {
        NodeStatsReport.View view = runtime.admin(node).stats().view();
        return view == null ? 0 : view.members().size();
    }

    private static int survivorsOwned(ClusterRuntime runtime) throws Exception {
        return runtime.admin("node2").stats().sessions().owned() + runtime.admin("node3").stats().sessions().owned();
    }
}

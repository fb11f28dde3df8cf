package io.replsim.scenario.run;

import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeHandle;
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
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code replication.maxInactiveInterval} with real node processes: users who pause longer than the interval come
 * back to a new session, which the driver counts EXPIRED, never LOST, and every member drops what it held once its
 * sessions went idle. Then the rule made to fail on purpose: nodes that expire sessions sooner than the driver is
 * told make sessions go missing before their interval, and each is LOST.
 */
class SessionExpiryDrill {

    private static final String EXPIRING = """
            name: expiring
            cluster: {nodes: 3, workers: 8, cpuBudget: 0.66, heap: 128m}
            replication: {placement: all, maxInactiveInterval: 2s}
            workload: {app: counter, payload: 1KB}
            load: {users: 12, thinkTime: 1500ms, thinkDistribution: uniform, rampUp: 1s, duration: 20s,
                   requestTimeout: 10s}
            """;

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void usersBackAfterTheIntervalGetANewSessionCountedExpiredAndEveryMemberDropsIdleSessions(@TempDir Path dir)
            throws Exception {
        ScenarioSpec spec = ScenarioLoader.load(Files.writeString(dir.resolve("expiring.yaml"), EXPIRING));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        try (ClusterRuntime runtime = start(spec, dir, console)) {
            LoadResult result;
            try (var driver = new LoadDriver(spec.load().toProfile("/counter")
                    .toBuilder().protocol(TargetProtocol.replsim(spec.sessionShapes())).build(), endpoints(runtime),
                    null)) {
                driver.start();
                // Placement all: while users come and go, every member holds copies of the live sessions.
                await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(250)).ignoreExceptions()
                        .untilAsserted(() -> assertThat(stats(runtime)).allSatisfy(node ->
                                assertThat(node.sessions().owned() + node.sessions().backup()).isPositive()));
                result = driver.awaitResult();
            }
            String figures = result + "\n" + console.toString(StandardCharsets.UTF_8);

            // Pauses spread from 0 to 3 s around the 2 s interval: some sessions expire, none is lost.
            SessionVerdictCounts sessions = result.sessionVerdicts();
            assertThat(sessions.expired()).as(figures).isPositive();
            assertThat(sessions.lost()).as(figures).isZero();
            assertThat(result.responseVerdicts().expired()).as(figures).isPositive();

            // Nobody comes back: within the interval and a sweep, every member holds nothing any more, and the
            // owners expired every session the users had (and at most one more per request whose answer the
            // driver never saw, which may have made one).
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).ignoreExceptions()
                    .untilAsserted(() -> assertThat(stats(runtime)).allSatisfy(node -> {
                        assertThat(node.sessions().owned()).isZero();
                        assertThat(node.sessions().backup()).isZero();
                        assertThat(node.sessions().heldBytes()).isZero();
                    }));
            long expiredOnNodes = stats(runtime).stream().mapToLong(node -> node.sessions().expired()).sum();
            assertThat(expiredOnNodes).as(figures).isBetween(result.distinctSessions(),
                    result.distinctSessions() + result.errors().total());
        }
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
                .as("node processes left running").isEmpty();
    }

    private static final String EXPIRING_FAST = """
            name: expiring-fast
            cluster: {nodes: 2, workers: 8, cpuBudget: 0.66, heap: 128m}
            replication: {placement: all, maxInactiveInterval: 1s}
            workload: {app: counter, payload: 1KB}
            load: {users: 6, thinkTime: 2s, rampUp: 1s, duration: 12s, requestTimeout: 10s}
            """;

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void sessionsGoneBeforeTheIntervalTheDriverKnowsAreLostNotExpired(@TempDir Path dir) throws Exception {
        ScenarioSpec spec = ScenarioLoader.load(Files.writeString(dir.resolve("expiring-fast.yaml"), EXPIRING_FAST));
        // The nodes expire after 1 s; the driver is told 30 s, so every session it finds gone after a 2 s pause
        // went before its interval as the driver knows it.
        SessionShapes toldLonger = spec.sessionShapes().withMaxInactiveInterval(Optional.of(Duration.ofSeconds(30)));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        try (ClusterRuntime runtime = start(spec, dir, console)) {
            LoadResult result;
            try (var driver = new LoadDriver(spec.load().toProfile("/counter")
                    .toBuilder().protocol(TargetProtocol.replsim(toldLonger)).build(), endpoints(runtime), null)) {
                driver.start();
                result = driver.awaitResult();
            }
            String figures = result + "\n" + console.toString(StandardCharsets.UTF_8);

            assertThat(result.sessionVerdicts().lost()).as(figures).isPositive();
            assertThat(result.sessionVerdicts().countedAsLost()).as("what maxSessionsLost counts")
                    .isPositive();
            assertThat(result.sessionVerdicts().expired()).as(figures).isZero();
            assertThat(result.responseVerdicts().expired()).as(figures).isZero();
            assertThat(stats(runtime).stream().mapToLong(node -> node.sessions().expired()).sum()).as(figures)
                    .isPositive();
        }
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
                .as("node processes left running").isEmpty();
    }

    private static final String EXPIRING_TWO = """
            name: expiring-two
            cluster: {nodes: 2, workers: 4, cpuBudget: 0.66, heap: 128m}
            replication: {placement: all, maxInactiveInterval: 1s}
            workload: {app: counter, payload: 1KB}
            load: {users: 1, thinkTime: 1s, duration: 5s}
            """;

    /**
     * The node's word on expiry: a request carrying the cookie of a session the cluster expired gets a new session
     * marked {@code X-Replsim-Session: expired}, also from the member that takes it after the owner was killed
     * (it heard the owner's expiry); a cookie the cluster never knew, or a session logged out, gets no mark.
     */
    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aMemberTakingARequestForASessionTheClusterExpiredSaysSoAfterTheOwnerWasKilled(@TempDir Path dir)
            throws Exception {
        ScenarioSpec spec = ScenarioLoader.load(Files.writeString(dir.resolve("expiring-two.yaml"), EXPIRING_TWO));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        try (ClusterRuntime runtime = start(spec, dir, console)) {
            HttpResponse<String> first = get(runtime, "node1", "", Optional.empty());
            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(first.headers().firstValue("X-Replsim-Session")).isEmpty();
            String cookie = cookieOf(first);

            // node1's sweep expires the idle session and tells node2, which held a copy (placement all)
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).ignoreExceptions()
                    .untilAsserted(() -> assertThat(runtime.admin("node1").stats().sessions().expired())
                            .isPositive());
            runtime.kill("node1");

            HttpResponse<String> back = get(runtime, "node2", "", Optional.of(cookie));
            String figures = back.headers().map() + " " + back.body() + "\n" + console.toString(StandardCharsets.UTF_8);
            assertThat(back.statusCode()).as(figures).isEqualTo(200);
            assertThat(back.body()).as(figures).contains("\"created\":true");
            assertThat(back.headers().firstValue("X-Replsim-Session")).as(figures).contains("expired");

            HttpResponse<String> unknown = get(runtime, "node2", "", Optional.of("JSESSIONID=nosuchsession.node1"));
            assertThat(unknown.body()).contains("\"created\":true");
            assertThat(unknown.headers().firstValue("X-Replsim-Session")).as("a session nobody expired").isEmpty();

            String loggedOut = cookieOf(get(runtime, "node2", "", Optional.empty()));
            assertThat(get(runtime, "node2", "?end", Optional.of(loggedOut)).statusCode()).isEqualTo(200);
            HttpResponse<String> afterLogout = get(runtime, "node2", "", Optional.of(loggedOut));
            assertThat(afterLogout.body()).contains("\"created\":true");
            assertThat(afterLogout.headers().firstValue("X-Replsim-Session")).as("a session logged out").isEmpty();
        }
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
                .as("node processes left running").isEmpty();
    }

    private static HttpResponse<String> get(ClusterRuntime runtime, String node, String query,
                                            Optional<String> cookie) throws Exception {
        URI uri = runtime.nodes().stream().filter(handle -> handle.name().equals(node)).findFirst().orElseThrow()
                .httpUri().resolve("/counter" + query);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET();
        cookie.ifPresent(value -> request.header("Cookie", value));
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    /** The {@code name=value} of the session cookie the answer set. */
    private static String cookieOf(HttpResponse<String> response) {
        return response.headers().firstValue("Set-Cookie").orElseThrow().split(";", 2)[0];
    }

    private static ClusterRuntime start(ScenarioSpec spec, Path dir, ByteArrayOutputStream console)
            throws Exception {
        ClusterRuntime runtime = RuntimeFactory.standard(NodeLauncher.currentJvm(), NodeImage::ofThisInstallation,
                new PrintStream(console, true, StandardCharsets.UTF_8)).create(spec,
                Files.createDirectory(dir.resolve("nodes")));
        try {
            runtime.start(Duration.ofSeconds(90));
            return runtime;
        } catch (Exception | Error e) {
            runtime.close();
            throw e;
        }
    }

    private static List<NodeEndpoint> endpoints(ClusterRuntime runtime) {
        return runtime.nodes().stream().map(node -> new NodeEndpoint(node.name(), node.httpUri())).toList();
    }

    private static List<NodeStatsReport> stats(ClusterRuntime runtime) throws Exception {
        List<NodeStatsReport> all = new ArrayList<>();
        for (NodeHandle node : runtime.nodes()) {
            all.add(runtime.admin(node.name()).stats());
        }
        return all;
    }
}

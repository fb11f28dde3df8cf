package io.replsim.node.metrics;

import io.replsim.node.NodeMain;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A node process started from its command line with {@code --metrics-port} says so in its READY line and serves,
 * on that port of its {@code --bind}, the requests it answered.
 */
class NodeProcessMetricsTest {
    private static final Duration START_DEADLINE = Duration.ofSeconds(60);

    @Test
    void aNodeProcessServesItsMetricsOnThePortItsCommandLineNames() throws Exception {
        int http = freePort();
        int admin = freePort();
        int metrics = freePort();
        int jgroups = freeJGroupsPort();
        var command = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m", "-cp", System.getProperty("java.class.path"), NodeMain.class.getName(),
                "--name", "node1", "--cluster", "metrics-" + UUID.randomUUID(), "--formation", "found",
                "--http-port", Integer.toString(http), "--admin-port", Integer.toString(admin),
                "--jgroups-port", Integer.toString(jgroups), "--members", "127.0.0.1[" + jgroups + "]",
                "--workers", "2", "--cpu-budget", "1", "--metrics-port", Integer.toString(metrics)))
                .redirectErrorStream(true);
        command.environment().put("REPLSIM_ADMIN_TOKEN", "token-" + UUID.randomUUID());
        command.environment().put("REPLSIM_CLUSTER_SECRET", UUID.randomUUID().toString());
        Process node = command.start();
        try {
            String ready = readyLine(node).get(START_DEADLINE.toSeconds(), TimeUnit.SECONDS);
            assertThat(ready).endsWith(" metrics=" + metrics);
            var client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            for (int i = 0; i < 3; i++) {
                assertThat(client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http + "/counter"))
                        .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString()).statusCode())
                        .isEqualTo(200);
            }

            Scrape scrape = Scrape.of(metrics);

            assertThat(scrape.counter("replsim_node_requests_total")).isEqualTo(3);
            assertThat(scrape.histogram("replsim_node_request_duration_seconds").getSampleCount()).isEqualTo(3);
            assertThat(scrape.gauge("replsim_node_sessions_owned")).isEqualTo(3);
            assertThat(scrape.gauge("replsim_node_view_members")).isEqualTo(1);
            assertThat(scrape.only("replsim_node_requests_total").getLabel(0).getValue()).isEqualTo("node1");
        } finally {
            node.destroy();
            if (!node.waitFor(20, TimeUnit.SECONDS)) {
                node.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** The READY line, read on a thread of its own so that the caller's deadline holds. */
    private static CompletableFuture<String> readyLine(Process node) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                var lines = new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8));
                StringBuilder seen = new StringBuilder();
                for (String line; (line = lines.readLine()) != null; ) {
                    if (line.startsWith("REPLSIM-NODE-READY ")) {
                        return line;
                    }
                    seen.append(line).append('\n');
                }
                throw new IllegalStateException("the node exited before it was ready:\n" + seen);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /**
     * Below Linux's ephemeral range, as the runtimes' PortAllocator picks them: an outgoing connection cannot take
     * the port between this check and the node's bind.
     */
    private static int freePort() {
        return freePort(0);
    }

    /** A port whose FD_SOCK2 companion (100 above it) is free too. */
    private static int freeJGroupsPort() {
        return freePort(100);
    }

    private static int freePort(int companionOffset) {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(20_000, 32_000);
            if (isFree(port) && (companionOffset == 0 || isFree(port + companionOffset))) {
                return port;
            }
        }
        throw new IllegalStateException("no free port between 20000 and 32000 on loopback after 100 tries");
    }

    private static boolean isFree(int port) {
        try (var socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}

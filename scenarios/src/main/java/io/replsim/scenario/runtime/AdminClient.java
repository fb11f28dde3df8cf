package io.replsim.scenario.runtime;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.node.admin.AdminServer;
import io.replsim.node.admin.NetworkFaults;
import io.replsim.node.stats.NodeStatsReport;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A node's admin API, with the run's token. */
public final class AdminClient {
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final String node;
    private final URI base;
    private final String token;
    private final HttpClient http;

    public AdminClient(String node, URI base, String token, HttpClient http) {
        this.node = node;
        this.base = base;
        this.token = token;
        this.http = http;
    }

    public AdminServer.Health health() throws IOException, InterruptedException {
        return JSON.readValue(get("/admin/health"), AdminServer.Health.class);
    }

    public NodeStatsReport stats() throws IOException, InterruptedException {
        return JSON.readValue(get("/admin/stats"), NodeStatsReport.class);
    }

    /** The stats as the node wrote them, for the run directory. */
    public String statsJson() throws IOException, InterruptedException {
        return get("/admin/stats");
    }

    /** Switches on a JGroups DISCARD on this node dropping every message from those members (a partition). */
    public void discardFrom(Set<String> members) throws IOException, InterruptedException {
        send("POST", "/admin/faults/discard", JSON.writeValueAsString(Map.of("from", List.copyOf(members))));
    }

    public void stopDiscarding() throws IOException, InterruptedException {
        send("DELETE", "/admin/faults/discard", null);
    }

    /** Switches on a JGroups DELAY on this node: every message it sends waits that long. */
    public void delayOutgoing(Duration delay) throws IOException, InterruptedException {
        send("POST", "/admin/faults/delay", JSON.writeValueAsString(Map.of("delayMs", delay.toMillis())));
    }

    public void stopDelaying() throws IOException, InterruptedException {
        send("DELETE", "/admin/faults/delay", null);
    }

    /** The network faults switched on in this node. */
    public NetworkFaults.State faults() throws IOException, InterruptedException {
        return JSON.readValue(get("/admin/faults"), NetworkFaults.State.class);
    }

    private String get(String path) throws IOException, InterruptedException {
        return send("GET", path, null);
    }

    private String send(String method, String path, String body) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(TIMEOUT)
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(node + " admin " + method + " " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }
}

package io.replsim.scenario.runtime;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.node.admin.AdminServer;
import io.replsim.node.stats.NodeStatsReport;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

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

    private String get(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(TIMEOUT)
                .header("Authorization", "Bearer " + token)
                .GET()
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(node + " admin " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }
}

package io.replsim.scenario.runtime;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.node.admin.AdminServer;
import io.replsim.node.stats.NodeStatsReport;
import java.io.IOException;

/** A node's admin API (docs/interfaces.md §3), read through whatever channel its runtime offers. */
public final class AdminClient {
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private final String node;
    private final AdminChannel channel;

    public AdminClient(String node, AdminChannel channel) {
        this.node = node;
        this.channel = channel;
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
        try {
            return channel.get(path);
        } catch (IOException e) {
            throw new IOException(node + " admin " + path + ": " + e.getMessage(), e);
        }
    }
}

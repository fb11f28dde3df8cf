package io.replsim.scenario.runtime;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.node.admin.AdminServer;
import io.replsim.node.admin.AnswerResets;
import io.replsim.node.admin.FullCollection;
import io.replsim.node.admin.NetworkFaults;
import io.replsim.node.stats.NodeStatsReport;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A node's admin API (docs/interfaces.md §3), reached through whatever channel its runtime offers. */
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
        return JSON.readValue(send("GET", "/admin/health", null), AdminServer.Health.class);
    }

    public NodeStatsReport stats() throws IOException, InterruptedException {
        return JSON.readValue(send("GET", "/admin/stats", null), NodeStatsReport.class);
    }

    /** The stats as the node wrote them, for the run directory. */
    public String statsJson() throws IOException, InterruptedException {
        return send("GET", "/admin/stats", null);
    }

    /** Has the node run a full collection and says what it left: the live heap (docs/interfaces.md §3). */
    public FullCollection collectGarbage() throws IOException, InterruptedException {
        return JSON.readValue(send("POST", "/admin/gc", null), FullCollection.class);
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

    /** Switches on a lossy link on this node: each message from {@code member} is dropped with that probability. */
    public void loseFrom(String member, double probability) throws IOException, InterruptedException {
        send("POST", "/admin/faults/loss", JSON.writeValueAsString(Map.of("from", member, "probability", probability)));
    }

    public void stopLosing() throws IOException, InterruptedException {
        send("DELETE", "/admin/faults/loss", null);
    }

    /** Has the node process each request and reset its connection instead of answering it. */
    public AnswerResets.State resetAnswered() throws IOException, InterruptedException {
        return JSON.readValue(send("POST", "/admin/faults/reset", null), AnswerResets.State.class);
    }

    public AnswerResets.State stopResetting() throws IOException, InterruptedException {
        return JSON.readValue(send("DELETE", "/admin/faults/reset", null), AnswerResets.State.class);
    }

    /** Whether the answer reset is on, and the connections it reset since it was switched on. */
    public AnswerResets.State resets() throws IOException, InterruptedException {
        return JSON.readValue(send("GET", "/admin/faults/reset", null), AnswerResets.State.class);
    }

    /**
     * For tests of the driver's checks: damages {@code attribute} in every copy this node holds of another member's
     * session ({@code how}: {@code flip} or {@code remove}, docs/interfaces.md §3); returns the copies changed.
     */
    public int damageReplicas(String attribute, String how) throws IOException, InterruptedException {
        return JSON.readTree(send("POST", "/admin/faults/damage-replicas",
                JSON.writeValueAsString(Map.of("attribute", attribute, "how", how)))).get("damaged").asInt();
    }

    /** The network faults switched on in this node. */
    public NetworkFaults.State faults() throws IOException, InterruptedException {
        return JSON.readValue(send("GET", "/admin/faults", null), NetworkFaults.State.class);
    }

    private String send(String method, String path, String body) throws IOException, InterruptedException {
        try {
            return channel.send(method, path, body);
        } catch (IOException e) {
            throw new IOException(node + " admin " + method + " " + path + ": " + FailureText.of(e), e);
        }
    }
}

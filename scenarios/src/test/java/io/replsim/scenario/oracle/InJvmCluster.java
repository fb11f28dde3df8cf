package io.replsim.scenario.oracle;

import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.node.ClusterNode;
import io.replsim.node.admin.AdminToken;
import io.replsim.node.app.SessionProfile;
import io.replsim.node.options.NodeOptions;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.LoopbackStackSpec;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.awaitility.Awaitility.await;

/** Nodes in this JVM over JGroups' shared loopback, with real HTTP and admin servers on loopback: fast tests. */
final class InJvmCluster implements AutoCloseable {
    static final String TOKEN = "oracle-test";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final List<ClusterNode> nodes = new ArrayList<>();

    InJvmCluster(int size, int payloadBytes, SessionProfile profile, ReplicationSpec spec) {
        String cluster = "oracle-test-" + UUID.randomUUID();
        try {
            for (int i = 1; i <= size; i++) {
                nodes.add(ClusterNode.start(NodeOptions.onLoopback(new NodeId("node" + i), cluster,
                        payloadBytes, profile, spec), new AdminToken(TOKEN),
                        new LoopbackStackSpec(), () -> { }));
            }
            await().atMost(Duration.ofSeconds(20)).until(() -> nodes.stream()
                    .allMatch(node -> node.replication().view().members().size() == size));
        } catch (Exception | Error e) {
            close();
            throw new IllegalStateException("the in-JVM cluster did not start", e);
        }
    }

    List<NodeEndpoint> endpoints() {
        return nodes.stream().map(node -> new NodeEndpoint(node.options().name().name(),
                URI.create("http://127.0.0.1:" + node.httpPort()))).toList();
    }

    ClusterNode node(String name) {
        return nodes.stream().filter(node -> node.options().name().name().equals(name)).findFirst().orElseThrow();
    }

    /** Leaves the cluster (in-JVM: a graceful close) and waits until the others' view has lost it. */
    void stop(String name) {
        ClusterNode gone = node(name);
        nodes.remove(gone);
        gone.close();
        await().atMost(Duration.ofSeconds(20)).until(() -> nodes.stream()
                .allMatch(node -> node.replication().view().members().size() == nodes.size()));
    }

    /** The test-only admin action: damages {@code attribute} in every backup copy {@code name} holds. */
    String damageReplicas(String name, String attribute, String how) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node(name).adminPort()
                        + "/admin/faults/damage-replicas"))
                .header("Authorization", "Bearer " + TOKEN)
                .POST(HttpRequest.BodyPublishers.ofString("{\"attribute\":\"" + attribute + "\",\"how\":\"" + how
                        + "\"}")).build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("damage-replicas answered " + response.statusCode() + ": "
                    + response.body());
        }
        return response.body();
    }

    @Override
    public void close() {
        nodes.reversed().forEach(ClusterNode::close);
        nodes.clear();
    }
}

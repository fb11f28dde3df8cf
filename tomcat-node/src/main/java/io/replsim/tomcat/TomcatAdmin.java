package io.replsim.tomcat;

import com.sun.management.OperatingSystemMXBean;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import org.apache.catalina.Context;
import org.apache.catalina.DistributedManager;
import org.apache.catalina.Manager;
import org.apache.catalina.ha.session.DeltaManager;
import org.apache.catalina.ha.tcp.SimpleTcpCluster;
import org.apache.catalina.tribes.Member;

/**
 * What the runner may read of a Tomcat member, on loopback with the run's token ({@code Authorization: Bearer}):
 * {@code GET /status}, the members this one sees (by name), its sessions and replication counters as its
 * managers report them (Tomcat's own JMX attributes), and its CPU time. Nothing here changes the member.
 */
final class TomcatAdmin implements AutoCloseable {
    private final HttpServer server;
    private final byte[] token;
    private final TomcatNodeArguments args;
    private final SimpleTcpCluster cluster;
    private final Context context;

    TomcatAdmin(TomcatNodeArguments args, String token, SimpleTcpCluster cluster, Context context) throws IOException {
        this.args = args;
        this.token = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
        this.cluster = cluster;
        this.context = context;
        server = HttpServer.create(new InetSocketAddress(args.bind(), args.adminPort()), 16);
        server.setExecutor(Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "replsim-tomcat-admin");
            thread.setDaemon(true);
            return thread;
        }));
        server.createContext("/status", this::status);
        server.start();
    }

    private void status(HttpExchange exchange) throws IOException {
        String given = exchange.getRequestHeaders().getFirst("Authorization");
        if (given == null || !MessageDigest.isEqual(token, given.getBytes(StandardCharsets.UTF_8))) {
            answer(exchange, 401, "{\"error\":\"the run's token is required\"}");
            return;
        }
        answer(exchange, 200, statusJson());
    }

    String statusJson() {
        List<String> members = new ArrayList<>();
        for (Member member : cluster.getMembers()) {
            members.add(nameOf(member.getPort()));
        }
        Manager manager = context.getManager();
        StringBuilder json = new StringBuilder(256).append("{\"node\":\"").append(args.name())
                .append("\",\"members\":[");
        for (int i = 0; i < members.size(); i++) {
            json.append(i == 0 ? "" : ",").append('"').append(members.get(i)).append('"');
        }
        json.append("],\"manager\":\"").append(manager == null ? "none" : manager.getClass().getSimpleName())
                .append("\",\"activeSessions\":").append(manager == null ? -1 : manager.getActiveSessions())
                .append(",\"sessionCounter\":").append(manager == null ? -1 : manager.getSessionCounter());
        if (manager instanceof DistributedManager distributed) {
            json.append(",\"activeSessionsFull\":").append(distributed.getActiveSessionsFull());
        }
        if (manager instanceof DeltaManager delta) {
            json.append(",\"deltasSent\":").append(delta.getCounterSend_EVT_SESSION_DELTA())
                    .append(",\"deltasReceived\":").append(delta.getCounterReceive_EVT_SESSION_DELTA());
        }
        var os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        json.append(",\"pid\":").append(ProcessHandle.current().pid())
                .append(",\"processCpuMs\":").append(os.getProcessCpuTime() / 1_000_000)
                .append(",\"monotonicMs\":").append(System.nanoTime() / 1_000_000)
                .append(",\"atEpochMs\":").append(System.currentTimeMillis()).append('}');
        return json.toString();
    }

    private String nameOf(int port) {
        for (Map.Entry<String, Integer> member : args.members().entrySet()) {
            if (member.getValue() == port) {
                return member.getKey();
            }
        }
        return "port-" + port;
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (var out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

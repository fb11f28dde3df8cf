package io.replsim.node.admin;

import io.replsim.node.stats.StatsCollector;
import io.replsim.node.web.JsonWriter;
import io.replsim.replication.member.ReplicationEngine;
import io.undertow.Handlers;
import io.undertow.Undertow;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.RoutingHandler;
import io.undertow.server.handlers.BlockingHandler;
import io.undertow.util.StatusCodes;
import org.xnio.Options;

import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * The admin API (docs/interfaces.md §3) on its own loopback listener and its own small worker pool, so the runner
 * can read stats while the application's workers are saturated.
 */
public final class AdminServer implements AutoCloseable {
    private static final int IO_THREADS = 1;
    private static final int WORKERS = 2;

    private final Undertow undertow;

    private AdminServer(Undertow undertow) {
        this.undertow = undertow;
    }

    /**
     * @param shutdown what {@code POST /admin/shutdown} starts after answering 202: a graceful leave and exit
     */
    public static AdminServer start(int port, AdminToken token, ReplicationEngine replication, StatsCollector stats,
                                    AnswerResets resets, Runnable shutdown) {
        var json = new JsonWriter();
        var faults = new NetworkFaults(replication.faultPoint());
        var faultRoutes = new FaultEndpoints(faults, resets, new ReplicaDamage(replication.store()), json);
        RoutingHandler routes = Handlers.routing()
                .get("/admin/health", exchange -> json.write(exchange, StatusCodes.OK, new Health("UP",
                        replication.self().name(), replication.view().members().size())))
                .get("/admin/stats", exchange -> json.write(exchange, StatusCodes.OK, stats.collect()))
                .post("/admin/shutdown", exchange -> acceptShutdown(exchange, json, shutdown))
                .post("/admin/gc", exchange -> json.write(exchange, StatusCodes.OK, FullCollection.now()))
                .get(FaultEndpoints.FAULTS, faultRoutes::state)
                .post(FaultEndpoints.DISCARD, faultRoutes::discard)
                .delete(FaultEndpoints.DISCARD, faultRoutes::stopDiscarding)
                .post(FaultEndpoints.DELAY, faultRoutes::delay)
                .delete(FaultEndpoints.DELAY, faultRoutes::stopDelaying)
                .post(FaultEndpoints.LOSS, faultRoutes::loss)
                .delete(FaultEndpoints.LOSS, faultRoutes::stopLosing)
                .get(FaultEndpoints.RESET, faultRoutes::resets)
                .post(FaultEndpoints.RESET, faultRoutes::reset)
                .delete(FaultEndpoints.RESET, faultRoutes::stopResetting)
                .post(FaultEndpoints.DAMAGE_REPLICAS, faultRoutes::damageReplicas)
                .setFallbackHandler(exchange -> json.write(exchange, StatusCodes.NOT_FOUND,
                        new JsonWriter.ErrorBody("no such admin endpoint")));
        HttpHandler root = new BearerAuthHandler(token, new BlockingHandler(routes), json);
        Undertow undertow = Undertow.builder()
                .addHttpListener(port, InetAddress.getLoopbackAddress().getHostAddress(), root)
                .setIoThreads(IO_THREADS)
                .setWorkerThreads(WORKERS)
                .setWorkerOption(Options.WORKER_TASK_CORE_THREADS, WORKERS)
                .setWorkerOption(Options.WORKER_TASK_MAX_THREADS, WORKERS)
                .build();
        undertow.start();
        return new AdminServer(undertow);
    }

    private static void acceptShutdown(HttpServerExchange exchange, JsonWriter json, Runnable shutdown) {
        json.write(exchange, StatusCodes.ACCEPTED, new ShutdownAccepted("leaving"));
        // Not on this worker: stopping the servers waits for their workers, this one included.
        var leaving = new Thread(shutdown, "admin-shutdown");
        leaving.start();
    }

    public int port() {
        return ((InetSocketAddress) undertow.getListenerInfo().getFirst().getAddress()).getPort();
    }

    @Override
    public void close() {
        undertow.stop();
    }

    public record Health(String status, String node, int members) {
    }

    public record ShutdownAccepted(String status) {
    }
}

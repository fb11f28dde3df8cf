package io.replsim.node;

import io.replsim.node.admin.AdminServer;
import io.replsim.node.admin.AnswerResets;
import io.replsim.node.admin.AdminToken;
import io.replsim.node.admin.ResetAfterProcessing;
import io.replsim.node.app.BeanApp;
import io.replsim.node.app.CartApp;
import io.replsim.node.app.CounterApp;
import io.replsim.node.app.LogoutCookie;
import io.replsim.node.app.ProfileApp;
import io.replsim.node.app.ServiceDemand;
import io.replsim.node.app.SessionAtArrival;
import io.replsim.replication.SessionLock;
import io.replsim.replication.session.SessionStore;
import java.util.function.UnaryOperator;
import io.replsim.node.app.ServiceTime;
import io.replsim.node.options.NodeOptions;
import io.replsim.node.metrics.MetricsServer;
import io.replsim.node.metrics.NodeMetrics;
import io.replsim.node.stats.CpuQuotaStat;
import io.replsim.node.stats.CpuSampler;
import io.replsim.node.stats.RequestCounters;
import io.replsim.node.stats.StatsCollector;
import io.replsim.node.stats.TimedRequests;
import io.replsim.node.web.AppServer;
import io.replsim.node.web.JsonWriter;
import io.replsim.replication.host.EngineFactory;
import io.replsim.replication.member.ReplicationEngine;
import io.replsim.replication.transport.ClusterSecret;
import io.replsim.replication.transport.StackSpec;
import io.replsim.replication.transport.LoopbackMulticast;
import io.replsim.replication.transport.MulticastGroup;
import io.replsim.replication.transport.TcpStackSpec;
import io.replsim.replication.transport.TransportKind;
import io.replsim.replication.transport.UdpStackSpec;
import io.undertow.Handlers;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.PathHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One application server, in-process: the replication member, the application listener and the admin listener.
 * {@link NodeMain} runs one per JVM over TCP; tests run several in one JVM, over SHARED_LOOPBACK or, to be crashed
 * and restarted as processes are ({@link #crash()}), over TCP.
 */
public final class ClusterNode implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ClusterNode.class);
    /** A datagram on loopback comes back in microseconds; this leaves room for a machine busy with builds. */
    private static final Duration MULTICAST_CHECK = Duration.ofSeconds(2);

    private final NodeOptions options;
    private final CpuSampler cpu;
    private final ReplicationEngine replication;
    private final AdminServer admin;
    private final AppServer app;
    private final MetricsServer metrics;
    private final AtomicBoolean closed = new AtomicBoolean();

    private ClusterNode(NodeOptions options, CpuSampler cpu, ReplicationEngine replication, AdminServer admin,
                        AppServer app, MetricsServer metrics) {
        this.options = options;
        this.cpu = cpu;
        this.replication = replication;
        this.admin = admin;
        this.app = app;
        this.metrics = metrics;
    }

    /**
     * Joins the cluster, then opens the application's listener, the metrics listener if the options ask for one,
     * and last the admin's: an admin API that answers says every port of the node is bound, so a runtime that saw it
     * up does not see it die of a taken HTTP port a moment later.
     *
     * @param onShutdownRequest what {@code POST /admin/shutdown} runs (on its own thread) after answering 202
     */
    public static ClusterNode start(NodeOptions options, AdminToken token, StackSpec stack,
                                    Runnable onShutdownRequest) throws Exception {
        long startedAt = System.currentTimeMillis();
        CpuSampler cpu = CpuSampler.start(options.cpuBudgetCores());
        ReplicationEngine replication = null;
        AdminServer admin = null;
        MetricsServer metrics = null;
        AppServer app = null;
        try {
            replication = EngineFactory.start(options.name(), options.cluster(), stack, options.replication(),
                    options.passivationDirectory());
            var requests = new RequestCounters();
            var stats = new StatsCollector(replication, cpu, requests, options.workers(), startedAt);
            ServiceTime work = options.serviceTime();
            SessionStore store = replication.store();
            UnaryOperator<HttpHandler> timed = served -> timed(requests, work, options.replication().sessionLock(),
                    store, served);
            LogoutCookie logout = options.logoutCookie();
            PathHandler routes = Handlers.path()
                    .addExactPath(CounterApp.PATH, timed.apply(new CounterApp(options.name(), store,
                            options.payloadBytes(), requests, new JsonWriter(), logout)))
                    .addExactPath(ProfileApp.PATH, timed.apply(new ProfileApp(options.name(), store,
                            options.profile(), requests, new JsonWriter(), logout)))
                    .addExactPath(BeanApp.PATH, timed.apply(new BeanApp(options.name(), store, requests,
                            new JsonWriter(), logout)))
                    .addExactPath(CartApp.PATH, timed.apply(new CartApp(options.name(), store, requests,
                            new JsonWriter(), logout)));
            var resets = new AnswerResets();
            app = AppServer.start(options.bind(), options.httpPort(), options.resources(),
                    new ResetAfterProcessing(resets, routes));
            if (options.metricsPort().isPresent()) {
                metrics = MetricsServer.start(options.bind(), options.metricsPort().getAsInt(),
                        new NodeMetrics(stats, CpuQuotaStat.ofThisProcess()));
            }
            admin = AdminServer.start(options.adminPort(), token, replication, stats, resets, onShutdownRequest);
            return new ClusterNode(options, cpu, replication, admin, app, metrics);
        } catch (Exception | Error e) {
            closeInOrder(app, replication, admin, metrics, cpu);
            throw e;
        }
    }

    /**
     * The node a process runs ({@link NodeMain}), and a runtime that starts nodes in its own JVM, from the same
     * options: the transport {@code options.stack()} names on {@code options.bind()} and its JGroups port, peers
     * admitted on {@code secret}, the stack tuned as {@code options.stack()} says. Over TCP the members are the ones
     * {@code options.discovery()} names; over UDP they are found by multicast to the group the cluster's name and
     * {@code secret} give, after a check that multicast on loopback comes back here (else the start fails with the
     * reason rather than each member founding a cluster of its own). It founds the cluster or joins it as
     * {@code options.formation()} says.
     */
    public static ClusterNode startOverSockets(NodeOptions options, AdminToken token, ClusterSecret secret,
                                               Runnable onShutdownRequest) throws Exception {
        StackSpec stack;
        if (options.stack().transport() == TransportKind.UDP) {
            MulticastGroup group = MulticastGroup.of(options.cluster(), secret);
            LoopbackMulticast.requireEcho(options.bind(), group, MULTICAST_CHECK);
            log.info("JGroups over UDP, multicast group {} on {}", group, options.bind().getHostAddress());
            stack = new UdpStackSpec(options.bind(), options.jgroupsPort(), group, secret, options.stack())
                    .withFormation(options.formation());
        } else {
            stack = new TcpStackSpec(options.bind(), options.jgroupsPort(), options.discovery(), secret)
                    .withTuning(options.stack()).withFormation(options.formation());
        }
        return start(options, token, stack, onShutdownRequest);
    }

    /** Without a session lock, a request's session is read as it arrives, before its service time. */
    private static HttpHandler timed(RequestCounters requests, ServiceTime work, SessionLock lock, SessionStore store,
                                     HttpHandler app) {
        HttpHandler served = work.isNone() ? app : new ServiceDemand(work, app);
        return new TimedRequests(requests, lock == SessionLock.NONE ? new SessionAtArrival(store, served) : served);
    }

    public NodeOptions options() {
        return options;
    }

    public ReplicationEngine replication() {
        return replication;
    }

    public int httpPort() {
        return app.port();
    }

    public int adminPort() {
        return admin.port();
    }

    /** Where the node serves Prometheus metrics; empty when its options asked for none. */
    public OptionalInt metricsPort() {
        return metrics == null ? OptionalInt.empty() : OptionalInt.of(metrics.port());
    }

    /**
     * Graceful: stops taking requests, leaves the cluster (the others install a new view at once), and only then
     * stops the admin and metrics listeners, so the runner and a scraper can read the final figures until the very
     * end.
     */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            log.info("leaving the cluster");
            closeInOrder(app, replication, admin, metrics, cpu);
        }
    }

    /**
     * Ends the node as a killed process ends, as far as a JVM that goes on running can: its JGroups stack stops at
     * once without a leave (the others find out through failure detection, its connections having closed), then
     * its listeners close and what was queued for replication is dropped. Unlike a process's death, threads busy
     * in a request run on until their request gives up, and the JVM's heap is not freed.
     */
    public void crash() {
        if (closed.compareAndSet(false, true)) {
            log.info("crashing: the stack stops without a leave");
            try {
                replication.faultPoint().halt();
            } catch (RuntimeException e) {
                log.warn("halting the stack failed", e);
            }
            closeInOrder(app, replication, admin, metrics, cpu);
        }
    }

    private static void closeInOrder(AutoCloseable... parts) {
        for (AutoCloseable part : Arrays.stream(parts).filter(Objects::nonNull).toList()) {
            try {
                part.close();
            } catch (Exception e) {
                log.warn("closing {} failed", part.getClass().getSimpleName(), e);
            }
        }
    }
}

package io.replsim.bench.driver;

import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.think.ThinkTime;
import io.replsim.settings.Choices;

import com.sun.management.UnixOperatingSystemMXBean;
import io.replsim.loadgen.exchange.ConnectionMode;
import io.replsim.loadgen.exchange.SocketPollers;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How many virtual users at a 1 s think time the driver holds on this machine with the run still valid (Little's
 * law, think-time drift, the driver's CPU and GC; docs/capacity.md), against the trivial endpoint. The goal is
 * 20,000 on 2 cores.
 *
 * <p>Usage: {@code benchmarks/driver most-users [users=20000] [seconds=40] [per-user|shared-pool] [endpoints=1]
 * [virtual-threads|event-loop]}:
 * ramp-up a quarter of it, warm-up 5 s; by default each user keeps its own connection, as a browser does. Each
 * endpoint runs in its own JVM ({@link EndpointProcess}), so each process needs one open file per connection, not
 * two. Several endpoints stand for a cluster's nodes behind the balancer: requests (no session cookie) go round
 * the nodes, so each endpoint process holds its share of the connections, each on its own port (the kernel's
 * ephemeral-port search for a new connection is per destination, and got slow with 20,000 to one port).
 */
public final class MostUsers {

    /** Jars, the JDK's own files, epoll, the endpoint's pipes: what a driver JVM holds open besides its sockets. */
    private static final int DESCRIPTORS_BESIDES_SOCKETS = 100;

    private MostUsers() {
    }

    private static long openFileLimit() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix
                ? unix.getMaxFileDescriptorCount() : Long.MAX_VALUE;
    }

    public static void main(String[] args) throws Exception {
        int users = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 40;
        ConnectionMode mode = args.length > 2 ? Choices.of(ConnectionMode.class).parse(args[2], "connection mode")
                : ConnectionMode.PER_USER;
        int endpointCount = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        UserCarrierKind runtime = args.length > 4 ? Choices.of(UserCarrierKind.class).parse(args[4], "user runtime")
                : UserCarrierKind.VIRTUAL_THREADS;
        if (endpointCount < 1 || endpointCount > 4) {
            System.err.printf(Locale.ROOT, "endpoints: got %d, expected 1 to 4 (each is a JVM of its own on the"
                    + " same cores)%n", endpointCount);
            System.exit(2);
        }
        long openFiles = openFileLimit();
        // without a session cookie a user's requests go round the nodes, so a user keeps a connection to each
        long perUserSockets = (long) users * endpointCount;
        if (mode == ConnectionMode.PER_USER && perUserSockets + DESCRIPTORS_BESIDES_SOCKETS > openFiles) {
            System.err.printf(Locale.ROOT, "%,d users with a connection each to %d endpoint(s) need about %,d open"
                    + " files in this process, but the limit is %,d (ulimit -n; benchmarks/driver raises it to the"
                    + " hard limit, ulimit -Hn). Use at most %,d users, or the shared-pool mode (a connection per"
                    + " request in flight): benchmarks/driver most-users %d %d shared-pool %d%n", users,
                    endpointCount, perUserSockets + DESCRIPTORS_BESIDES_SOCKETS, openFiles,
                    (openFiles - DESCRIPTORS_BESIDES_SOCKETS) / endpointCount, users, seconds, endpointCount);
            System.exit(2);
        }
        System.out.printf(Locale.ROOT, "machine: %d cores, load average %s; socket pollers: %s%n",
                Runtime.getRuntime().availableProcessors(), DriverVsWrk.loadAverage(),
                SocketPollers.current().name().toLowerCase(Locale.ROOT).replace('_', ' '));
        Duration duration = Duration.ofSeconds(seconds);
        Duration rampUp = duration.dividedBy(4);
        LoadProfile profile = LoadProfile.builder("/counter").users(users)
                .thinkTime(new ThinkTime.Fixed(Duration.ofSeconds(1))).rampUp(rampUp).warmUp(Duration.ofSeconds(5))
                .duration(duration).requestTimeout(Duration.ofSeconds(5)).protocol(DriverVsWrk.TRIVIAL_ENDPOINT)
                .build();
        LoadResult result;
        String driverCpu;
        String endpointCpu;
        List<EndpointProcess> endpoints = new ArrayList<>();
        try {
            // the endpoints share the 2 I/O threads one endpoint would have
            int ioThreads = Math.max(1, 2 / endpointCount);
            for (int i = 1; i <= endpointCount; i++) {
                endpoints.add(new EndpointProcess(ioThreads, "node" + i));
            }
            List<NodeEndpoint> nodes = new ArrayList<>();
            for (int i = 0; i < endpoints.size(); i++) {
                nodes.add(new NodeEndpoint("node" + (i + 1), URI.create(endpoints.get(i).url())));
            }
            System.out.printf(Locale.ROOT, "%,d users on %s (%s connections), think 1 s fixed, ramp-up %d s, warm-up 5 s,"
                            + " %d s in all, against %s (%d endpoint JVM(s), pids %s); open-file limit %,d%n", users,
                    runtime.label(), mode.label(), rampUp.toSeconds(), seconds,
                    endpoints.stream().map(e -> e.url() + "/counter").toList(), endpointCount,
                    endpoints.stream().map(EndpointProcess::pid).toList(), openFiles);
            CpuShare driverShare = CpuShare.ofThisProcess();
            CpuShare endpointShare = CpuShare.of(endpoints);
            // The router's own 5 s retry interval: with none (a failure counted, the next request sent at once) two
            // runs never recovered from a slow moment, since every timed-out connection was replaced at once and the
            // starved endpoint ran out of descriptors (docs/capacity.md).
            try (LoadDriver driver = new LoadDriver(profile.toBuilder().connections(mode).runtime(runtime).build(),
                    nodes,
                    null)) {
                driver.start();
                for (long end = System.nanoTime() + duration.toNanos(); System.nanoTime() < end; ) {
                    Thread.sleep(5_000);
                    var p = driver.progress();
                    System.out.printf(Locale.ROOT, "[%3d s] %,d users active, %,.0f req/s, p90 %.1f ms%n",
                            p.elapsed().toSeconds(), p.activeUsers(), p.requestsPerSecond(), p.p90Millis());
                }
                result = driver.awaitResult();
            }
            driverCpu = driverShare.sinceStart();
            endpointCpu = endpointShare.sinceStart();
        } finally {
            for (EndpointProcess endpoint : endpoints) {
                endpoint.close();
            }
        }
        var steady = result.steady();
        var validity = result.validity();
        System.out.printf(Locale.ROOT, "steady window: %,.0f req/s, mean response %.2f ms, think %.1f ms asked /"
                        + " %.1f ms taken, %,d errors (%s)%n", steady.throughputPerSecond(),
                steady.meanResponseTime().toNanos() / 1e6, steady.meanThinkAsked().toNanos() / 1e6,
                steady.meanThinkTaken().toNanos() / 1e6, steady.errors().total(), steady.errors());
        System.out.printf(Locale.ROOT, "Little's law %.0f users for %,d (%.1f%% off); driver CPU %.0f%% of %d cores;"
                        + " GC pause max %d ms; %d connections%n", validity.littlesLaw().impliedUsers(), users,
                validity.littlesLaw().deviation() * 100, validity.driverCost().cpuShare() * 100,
                validity.driverCost().availableCores(), validity.driverCost().gcPauseMax().toMillis(),
                result.connections().opened());
        System.out.printf(Locale.ROOT, "whole run: driver process CPU %s, endpoint process(es) CPU %s%n", driverCpu,
                endpointCpu);
        System.out.println("verdict: " + (validity.valid() ? "VALID" : "INVALID"));
        validity.reasons().forEach(reason -> System.out.println("  " + reason));
        System.out.printf(Locale.ROOT, "after: load average %s%n", DriverVsWrk.loadAverage());
    }
}

package io.replsim.bench.driver;

import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.LoadProfile;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.NodeEndpoint;
import io.replsim.loadgen.think.ThinkMode;
import io.replsim.loadgen.think.ThinkTime;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * How many virtual users at a 1 s think time the driver holds on this machine with the run still valid (Little's
 * law, think-time drift, the driver's CPU and GC; docs/capacity.md), against the trivial endpoint. The goal is
 * 20,000 on 2 cores.
 *
 * <p>Usage: {@code benchmarks/most-users [users=20000] [seconds=40]}: ramp-up a quarter of it, warm-up 5 s.
 */
public final class MostUsers {

    private MostUsers() {
    }

    public static void main(String[] args) throws Exception {
        int users = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 40;
        System.out.printf(Locale.ROOT, "machine: %d cores, load average %s%n",
                Runtime.getRuntime().availableProcessors(), DriverVsWrk.loadAverage());
        Duration duration = Duration.ofSeconds(seconds);
        Duration rampUp = duration.dividedBy(4);
        LoadProfile profile = new LoadProfile(users, new ThinkTime.Fixed(Duration.ofSeconds(1)),
                ThinkMode.AFTER_RESPONSE, rampUp, Duration.ofSeconds(5), duration, Duration.ofSeconds(5), "/counter");
        LoadResult result;
        try (TrivialEndpoint endpoint = new TrivialEndpoint(1)) {
            System.out.printf(Locale.ROOT, "%,d users, think 1 s fixed, ramp-up %d s, warm-up 5 s, %d s in all,"
                    + " against %s/counter%n", users, rampUp.toSeconds(), seconds, endpoint.url());
            try (LoadDriver driver = new LoadDriver(profile, List.of(new NodeEndpoint("node1",
                    URI.create(endpoint.url()))), null)) {
                driver.start();
                for (long end = System.nanoTime() + duration.toNanos(); System.nanoTime() < end; ) {
                    Thread.sleep(5_000);
                    var p = driver.progress();
                    System.out.printf(Locale.ROOT, "[%3d s] %,d users active, %,.0f req/s, p90 %.1f ms%n",
                            p.elapsed().toSeconds(), p.activeUsers(), p.requestsPerSecond(), p.p90Millis());
                }
                result = driver.awaitResult();
            }
        }
        var steady = result.steady();
        var validity = result.validity();
        System.out.printf(Locale.ROOT, "steady window: %,.0f req/s, mean response %.2f ms, think %.1f ms asked /"
                        + " %.1f ms taken, %,d errors%n", steady.throughputPerSecond(),
                steady.meanResponseTime().toNanos() / 1e6, steady.meanThinkAsked().toNanos() / 1e6,
                steady.meanThinkTaken().toNanos() / 1e6, steady.errors().total());
        System.out.printf(Locale.ROOT, "Little's law %.0f users for %,d (%.1f%% off); driver CPU %.0f%% of %d cores;"
                        + " GC pause max %d ms; %d connections%n", validity.littlesLaw().impliedUsers(), users,
                validity.littlesLaw().deviation() * 100, validity.driverCost().cpuShare() * 100,
                validity.driverCost().availableCores(), validity.driverCost().gcPauseMax().toMillis(),
                result.connections().opened());
        System.out.println("verdict: " + (validity.valid() ? "VALID" : "INVALID"));
        validity.reasons().forEach(reason -> System.out.println("  " + reason));
        System.out.printf(Locale.ROOT, "after: load average %s%n", DriverVsWrk.loadAverage());
    }
}

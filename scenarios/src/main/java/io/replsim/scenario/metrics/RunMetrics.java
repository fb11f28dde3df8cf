package io.replsim.scenario.metrics;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.replsim.loadgen.Load;
import io.replsim.scenario.runtime.MetricsEndpoint;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The metrics of a run that asks for them ({@code cluster.metrics}, or {@code run --metrics-port} for the driver's
 * alone): the driver's served on loopback from before the load until the run's report is written, so a last scrape
 * after the load reads its final figures; where each node's and the driver's are, on the console and in
 * {@link PrometheusTargets#FILE} in the run directory while the run plays, the file emptied when it is over.
 */
public final class RunMetrics implements AutoCloseable {
    /** The driver's name among the endpoints. */
    static final String DRIVER = "driver";

    private final Optional<HTTPServer> driver;
    private final AtomicReference<Load> load;
    private final Optional<Path> targets;
    private final PrintStream out;

    private RunMetrics(Optional<HTTPServer> driver, AtomicReference<Load> load, Optional<Path> targets,
                       PrintStream out) {
        this.driver = driver;
        this.load = load;
        this.targets = targets;
        this.out = out;
    }

    /**
     * Serves the driver's metrics on {@code driverPort} of loopback when present (0: any free port) and announces
     * it with {@code nodes}' endpoints; with neither, nothing is served, announced or written.
     *
     * @throws IOException when the driver's port cannot be listened on, or the targets file not written
     */
    public static RunMetrics start(List<MetricsEndpoint> nodes, OptionalInt driverPort, Path runDirectory,
                                   PrintStream out) throws IOException {
        AtomicReference<Load> load = new AtomicReference<>();
        Optional<HTTPServer> driver = Optional.empty();
        List<MetricsEndpoint> endpoints = new ArrayList<>(nodes);
        if (driverPort.isPresent()) {
            var registry = new PrometheusRegistry();
            registry.register(new DriverMetrics(() -> Optional.ofNullable(load.get()).flatMap(Load::soFar)));
            InetAddress loopback = InetAddress.getLoopbackAddress();
            try {
                driver = Optional.of(HTTPServer.builder().inetAddress(loopback).port(driverPort.getAsInt())
                        .registry(registry).buildAndStart());
            } catch (IOException e) {
                throw new IOException("cannot serve the driver's metrics on " + loopback.getHostAddress() + ":"
                        + driverPort.getAsInt() + ": " + e.getMessage() + "; give --metrics-port a free port, or"
                        + " leave it out for any free one", e);
            }
            endpoints.add(MetricsEndpoint.of(DRIVER, loopback.getHostAddress(), driver.get().getPort()));
        }
        if (endpoints.isEmpty()) {
            return new RunMetrics(driver, load, Optional.empty(), out);
        }
        endpoints.forEach(endpoint -> out.printf("metrics   %-7s %s%n", endpoint.node(), endpoint.uri()));
        Path file;
        try {
            file = PrometheusTargets.write(runDirectory, nodes, driver.isEmpty() ? Optional.empty()
                    : Optional.of(endpoints.getLast()));
        } catch (IOException e) {
            driver.ifPresent(HTTPServer::close);
            throw e;
        }
        out.println("metrics   Prometheus targets (file_sd_configs) in " + file + ", emptied when the run ends");
        return new RunMetrics(driver, load, Optional.of(runDirectory), out);
    }

    /** The load whose figures the driver's metrics are from now on, also once it is over and closed. */
    public void watch(Load played) {
        load.set(played);
    }

    /** The port the driver's metrics are served on, when they are. */
    public OptionalInt driverPort() {
        return driver.map(server -> OptionalInt.of(server.getPort())).orElse(OptionalInt.empty());
    }

    @Override
    public void close() {
        driver.ifPresent(HTTPServer::close);
        if (targets.isPresent()) {
            try {
                PrometheusTargets.empty(targets.get());
            } catch (IOException e) {
                out.println("metrics   the Prometheus targets file could not be emptied: " + e.getMessage());
            }
        }
    }
}

package io.replsim.node.metrics;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@code GET /metrics} in the Prometheus exposition formats (text, OpenMetrics or protobuf, as the scraper asks),
 * written by the Prometheus Java client from a registry of this node's own: in-JVM tests run several nodes in one
 * JVM, so the client's default registry would mix them.
 */
public final class MetricsServer implements AutoCloseable {
    private final HTTPServer server;
    private final ExecutorService thread;

    private MetricsServer(HTTPServer server, ExecutorService thread) {
        this.server = server;
        this.thread = thread;
    }

    /** One thread answers scrapes: Prometheus scrapes a target one request at a time. */
    public static MetricsServer start(InetAddress bind, int port, MultiCollector metrics) {
        var registry = new PrometheusRegistry();
        registry.register(metrics);
        ExecutorService thread = Executors.newSingleThreadExecutor(task -> {
            var scrapes = new Thread(task, "metrics");
            scrapes.setDaemon(true);
            return scrapes;
        });
        try {
            return new MetricsServer(HTTPServer.builder().inetAddress(bind).port(port).registry(registry)
                    .executorService(thread).buildAndStart(), thread);
        } catch (IOException e) {
            thread.shutdownNow();
            throw new UncheckedIOException("cannot serve metrics on " + bind.getHostAddress() + ":" + port
                    + ": " + e.getMessage() + "; give --metrics-port a free port", e);
        }
    }

    public int port() {
        return server.getPort();
    }

    @Override
    public void close() {
        server.close();
        thread.shutdownNow();
    }
}

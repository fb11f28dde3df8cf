package io.replsim.scenario.runtime;

import java.net.URI;
import java.util.Objects;

/** Where a Prometheus scraper reads one node's metrics ({@code cluster.metrics}): {@code http://host:port/metrics}. */
public record MetricsEndpoint(String node, URI uri) {
    public MetricsEndpoint {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(uri, "uri");
    }

    /** The endpoint of a node that listens for scrapes on {@code port} of {@code host}. */
    public static MetricsEndpoint of(String node, String host, int port) {
        return new MetricsEndpoint(node, URI.create("http://" + host + ":" + port + "/metrics"));
    }

    /** {@code host:port}, as a Prometheus target is written. */
    public String target() {
        return uri.getHost() + ":" + uri.getPort();
    }
}

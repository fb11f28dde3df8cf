package io.replsim.node.metrics;

import io.prometheus.metrics.expositionformats.generated.Metrics;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One scrape of a metrics endpoint as Prometheus makes it in protobuf, read back with the Prometheus client's own
 * generated parser: the families by name ({@code _total} included, as Prometheus stores a counter's series).
 */
record Scrape(Map<String, Metrics.MetricFamily> families) {
    static final String PROTOBUF = "application/vnd.google.protobuf;proto=io.prometheus.client.MetricFamily;"
            + "encoding=delimited";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    static Scrape of(int port) throws IOException, InterruptedException {
        HttpResponse<InputStream> response = HTTP.send(HttpRequest.newBuilder(uri(port)).header("Accept", PROTOBUF)
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofInputStream());
        if (response.statusCode() != 200) {
            throw new IOException("scrape of " + uri(port) + " answered " + response.statusCode());
        }
        Map<String, Metrics.MetricFamily> families = new LinkedHashMap<>();
        try (InputStream body = response.body()) {
            Metrics.MetricFamily family;
            while ((family = Metrics.MetricFamily.parseDelimitedFrom(body)) != null) {
                families.put(family.getName(), family);
            }
        }
        return new Scrape(families);
    }

    /** The same endpoint in the text format Prometheus reads by default. */
    static HttpResponse<String> text(int port) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(uri(port)).header("Accept", "text/plain;version=0.0.4")
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(int port) {
        return URI.create("http://127.0.0.1:" + port + "/metrics");
    }

    Metrics.Metric only(String family) {
        Metrics.MetricFamily found = families.get(family);
        if (found == null) {
            throw new AssertionError("no family " + family + " in the scrape, which has " + families.keySet());
        }
        if (found.getMetricCount() != 1) {
            throw new AssertionError(family + " has " + found.getMetricCount() + " series, expected one");
        }
        return found.getMetric(0);
    }

    double counter(String family) {
        return only(family).getCounter().getValue();
    }

    double gauge(String family) {
        return only(family).getGauge().getValue();
    }

    Metrics.Histogram histogram(String family) {
        return only(family).getHistogram();
    }
}

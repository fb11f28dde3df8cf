package io.replsim.scenario.metrics;

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
 * One scrape of a metrics endpoint as Prometheus makes it, in protobuf, read back with the Prometheus client's own
 * generated parser: the families by name ({@code _total} included), each data point found by its one label's value.
 */
public record MetricsScrape(Map<String, Metrics.MetricFamily> families) {
    private static final String PROTOBUF = "application/vnd.google.protobuf;proto=io.prometheus.client.MetricFamily;"
            + "encoding=delimited";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public static MetricsScrape of(URI endpoint) throws IOException, InterruptedException {
        HttpResponse<InputStream> response = HTTP.send(HttpRequest.newBuilder(endpoint).header("Accept", PROTOBUF)
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofInputStream());
        if (response.statusCode() != 200) {
            throw new IOException("scrape of " + endpoint + " answered " + response.statusCode());
        }
        Map<String, Metrics.MetricFamily> families = new LinkedHashMap<>();
        try (InputStream body = response.body()) {
            Metrics.MetricFamily family;
            while ((family = Metrics.MetricFamily.parseDelimitedFrom(body)) != null) {
                families.put(family.getName(), family);
            }
        }
        return new MetricsScrape(families);
    }

    /** The data point of {@code family} whose one label has {@code labelValue}; "" for a family without labels. */
    public Metrics.Metric point(String family, String labelValue) {
        Metrics.MetricFamily found = families.get(family);
        if (found == null) {
            throw new AssertionError("no family " + family + " in the scrape, which has " + families.keySet());
        }
        return found.getMetricList().stream()
                .filter(metric -> labelValue.isEmpty() ? metric.getLabelCount() == 0
                        : metric.getLabelCount() == 1 && metric.getLabel(0).getValue().equals(labelValue))
                .findFirst().orElseThrow(() -> new AssertionError(family + " has no point labelled " + labelValue
                        + ": " + found.getMetricList()));
    }

    public double counter(String family, String labelValue) {
        return point(family, labelValue).getCounter().getValue();
    }

    public double counter(String family) {
        return counter(family, "");
    }

    public double gauge(String family, String labelValue) {
        return point(family, labelValue).getGauge().getValue();
    }

    public double gauge(String family) {
        return gauge(family, "");
    }

    public Metrics.Histogram histogram(String family) {
        return point(family, "").getHistogram();
    }
}

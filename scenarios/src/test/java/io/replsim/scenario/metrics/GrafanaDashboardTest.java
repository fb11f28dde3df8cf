package io.replsim.scenario.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.expositionformats.generated.Metrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.replsim.loadgen.LoadSoFar;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.node.metrics.MetricsServer;
import io.replsim.node.metrics.NodeMetrics;
import io.replsim.node.stats.CpuQuotaStat;
import io.replsim.node.stats.CpuSampler;
import io.replsim.node.stats.RequestCounters;
import io.replsim.node.stats.StatsCollector;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.host.EngineFactory;
import io.replsim.replication.member.ReplicationEngine;
import io.replsim.replication.transport.LoopbackStackSpec;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Grafana dashboard docs/observability.md offers for import queries only series a node or the load driver
 * exposes: every panel has a query, every query names a replsim series, and each such name is one a node's scrape
 * or the driver's has (a histogram's as its _bucket, _sum and _count). The node runs in a cgroup made of files, so
 * the quota's families are there too; the driver's scrape is of a load under way, so every family is there. Here,
 * where both the node and the driver are on the class path, rather than in cluster-node, which knows no driver.
 */
class GrafanaDashboardTest {
    private static final Path DASHBOARD = Path.of("..").toAbsolutePath().normalize()
            .resolve("docs/grafana/replsim-nodes.json");
    private static final Pattern SERIES = Pattern.compile("\\breplsim_[a-z0-9_]+");

    @TempDir
    Path cgroup;

    @Test
    void everyPanelQueriesSeriesANodeOrTheDriverExposes() throws Exception {
        JsonNode dashboard = new ObjectMapper().readTree(DASHBOARD.toFile());
        List<String> queries = new ArrayList<>();
        for (JsonNode panel : dashboard.path("panels")) {
            assertThat(panel.path("targets")).as("panel '%s' has a query", panel.path("title").asText()).isNotEmpty();
            panel.path("targets").forEach(target -> queries.add(target.path("expr").asText()));
        }
        // a query variable (the node list) names a series too; the data source variable has no query
        dashboard.path("templating").path("list").forEach(variable -> {
            if (variable.path("type").asText().equals("query")) {
                queries.add(variable.path("query").path("query").asText());
            }
        });
        Set<String> exposed = new HashSet<>(nodeSeries());
        exposed.addAll(driverSeries());

        assertThat(queries).hasSizeGreaterThan(10);
        assertThat(queries).as("the driver's panels").anyMatch(query -> query.contains("replsim_driver_"));
        for (String query : queries) {
            assertThat(SERIES.matcher(query).find()).as("query names a replsim series: %s", query).isTrue();
            Matcher names = SERIES.matcher(query);
            while (names.find()) {
                assertThat(exposed).as("series %s of query %s", names.group(), query).contains(names.group());
            }
        }
    }

    private Set<String> nodeSeries() throws Exception {
        Path self = Files.writeString(cgroup.resolve("cgroup"), "0::/node1\n");
        Files.writeString(Files.createDirectories(cgroup.resolve("root/node1")).resolve("cpu.stat"),
                "nr_periods 10\nnr_throttled 2\nthrottled_usec 300\n");
        System.gc();
        try (ReplicationEngine engine = EngineFactory.start(new NodeId("node1"), "dashboard-" + UUID.randomUUID(),
                new LoopbackStackSpec(), ReplicationSpec.fullSync());
             CpuSampler cpu = CpuSampler.start(1.0)) {
            var stats = new StatsCollector(engine, cpu, new RequestCounters(), 1, System.currentTimeMillis());
            try (MetricsServer server = MetricsServer.start(InetAddress.getLoopbackAddress(), 0,
                    new NodeMetrics(stats, new CpuQuotaStat(self, cgroup.resolve("root"))))) {
                return seriesOf(MetricsScrape.of(endpoint(server.port())));
            }
        }
    }

    private static Set<String> driverSeries() throws Exception {
        var registry = new PrometheusRegistry();
        registry.register(new DriverMetrics(() -> Optional.of(new LoadSoFar(false, 1, 1, ErrorCounts.NONE,
                new Histogram(3), ResponseVerdictCounts.NONE, SessionVerdictCounts.NONE))));
        try (HTTPServer driver = HTTPServer.builder().inetAddress(InetAddress.getLoopbackAddress()).port(0)
                .registry(registry).buildAndStart()) {
            return seriesOf(MetricsScrape.of(endpoint(driver.getPort())));
        }
    }

    private static URI endpoint(int port) {
        return URI.create("http://127.0.0.1:" + port + "/metrics");
    }

    private static Set<String> seriesOf(MetricsScrape scrape) {
        Set<String> series = new HashSet<>();
        for (Metrics.MetricFamily family : scrape.families().values()) {
            series.add(family.getName());
            if (family.getType() == Metrics.MetricType.HISTOGRAM) {
                List.of("_bucket", "_sum", "_count").forEach(suffix -> series.add(family.getName() + suffix));
            }
        }
        return series;
    }
}

package io.replsim.scenario.metrics;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;
import io.replsim.loadgen.Load;
import io.replsim.loadgen.LoadSoFar;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.scenario.report.CountFigure;
import io.replsim.scenario.report.CountSection;
import io.replsim.scenario.report.RunSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * The load driver's figures as Prometheus metrics (docs/observability.md): every scrape reads the load's running
 * totals once ({@link Load#soFar()}), the tallies its result is made of, so the last scrape after the load gives the
 * run's own requests, errors and verdicts. Before the load starts a scrape has no family.
 */
final class DriverMetrics implements MultiCollector {
    private static final String PREFIX = "replsim_driver_";

    /**
     * The nodes' buckets in seconds (1-2.5-5 a decade from 50 µs to 10 s), so the driver's histogram and a node's
     * compare bucket by bucket; the 0.8 s limit falls between 0.5 s and 1 s.
     */
    static final List<Double> UPPER_BOUNDS_SECONDS = bounds();
    /** The label name of a family whose one data point has none. */
    private static final String UNLABELLED = "";

    private final Supplier<Optional<LoadSoFar>> load;

    DriverMetrics(Supplier<Optional<LoadSoFar>> load) {
        this.load = load;
    }

    @Override
    public MetricSnapshots collect() {
        Optional<LoadSoFar> read = load.get();
        if (read.isEmpty()) {
            return MetricSnapshots.builder().build();
        }
        LoadSoFar soFar = read.get();
        return new MetricSnapshots(
                gauge("users_active", "Virtual users in their request loop now; in the open model, its sessions"
                        + " with a request in flight", UNLABELLED, Map.of("", soFar.activeUsers())),
                counter("requests", "User requests completed, answered or failed (the open model's arrivals after"
                        + " its warm-up); a request retried after a refused connection counts once", UNLABELLED,
                        Map.of("", soFar.requests())),
                counter("request_errors", "Failed request attempts, by kind (a refused connection retried on the"
                        + " next node counts here too)", "kind", errors(soFar.errors())),
                counter("balancer_retries", "Requests the balancer sent on to another node after its retryOnTimeout"
                        + " (each one's timed-out attempt counts among the timeout errors)", UNLABELLED,
                        Map.of("", soFar.errors().balancerRetries())),
                histogram(soFar.latencyMicros()),
                counter("responses", "200 responses by what the user's session check made of them", "verdict",
                        responses(soFar.responses())),
                gauge("sessions", "Sessions any user held, by their worst verdict so far, and the attempts never"
                        + " served", "verdict", sessions(soFar.sessions())),
                gauge("load_over", "1 once every user has stopped and the figures are the run's final ones",
                        UNLABELLED, Map.of("", soFar.over() ? 1 : 0)));
    }

    private static Map<String, Number> errors(ErrorCounts errors) {
        Map<String, Number> byKind = new LinkedHashMap<>();
        for (ErrorKind kind : ErrorKind.values()) {
            byKind.put(kind.name().toLowerCase(Locale.ROOT), errors.of(kind));
        }
        return byKind;
    }

    private static Map<String, Number> responses(ResponseVerdictCounts responses) {
        return byLabel(RunSummary.ResponseVerdicts.FIGURES, RunSummary.ResponseVerdicts.of(responses));
    }

    private static Map<String, Number> sessions(SessionVerdictCounts sessions) {
        return byLabel(RunSummary.Verdicts.FIGURES, RunSummary.Verdicts.of(sessions));
    }

    /**
     * Each count of a section as summary.json declares it, in its order, labelled with its summary.json key in
     * Prometheus' snake case ({@code neverServed}: {@code never_served}), so a new verdict is a series of its own.
     */
    private static <S> Map<String, Number> byLabel(CountSection<S> section, S counts) {
        Map<String, Number> byLabel = new LinkedHashMap<>();
        for (CountFigure<S> figure : section.figures()) {
            byLabel.put(figure.key().replaceAll("([A-Z])", "_$1").toLowerCase(Locale.ROOT), figure.valueOf(counts));
        }
        return byLabel;
    }

    /** A data point's labels: {@code label} with {@code value}, none for an {@link #UNLABELLED} family. */
    private static Labels labels(String label, String value) {
        return label.equals(UNLABELLED) ? Labels.EMPTY : Labels.of(label, value);
    }

    /** A counter with one data point a key of {@code points}, labelled {@code label} with it. */
    private static CounterSnapshot counter(String name, String help, String label, Map<String, Number> points) {
        var builder = CounterSnapshot.builder().name(PREFIX + name).help(help);
        points.forEach((value, count) -> builder.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder()
                .labels(labels(label, value)).value(count.doubleValue()).build()));
        return builder.build();
    }

    /** A gauge with one data point a key of {@code points}, labelled {@code label} with it. */
    private static GaugeSnapshot gauge(String name, String help, String label, Map<String, Number> points) {
        var builder = GaugeSnapshot.builder().name(PREFIX + name).help(help);
        points.forEach((value, count) -> builder.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder()
                .labels(labels(label, value)).value(count.doubleValue()).build()));
        return builder.build();
    }

    /**
     * The answers' response times from the driver's HdrHistogram, counted into the buckets (to its 3 significant
     * digits, as every figure of the run's report); the sum is its mean times its count.
     */
    private static HistogramSnapshot histogram(Histogram micros) {
        double[] bounds = new double[UPPER_BOUNDS_SECONDS.size() + 1];
        long[] counts = new long[bounds.length];
        long below = 0;
        for (int i = 0; i < UPPER_BOUNDS_SECONDS.size(); i++) {
            bounds[i] = UPPER_BOUNDS_SECONDS.get(i);
            long upTo = micros.getTotalCount() == 0 ? 0
                    : micros.getCountBetweenValues(0, Math.round(bounds[i] * 1e6));
            counts[i] = upTo - below;
            below = upTo;
        }
        bounds[bounds.length - 1] = Double.POSITIVE_INFINITY;
        counts[counts.length - 1] = micros.getTotalCount() - below;
        return HistogramSnapshot.builder().name(PREFIX + "response_duration_seconds").unit(Unit.SECONDS)
                .help("Answers of any status by the time from the request's first attempt to its answer, as the"
                        + " user waited for it")
                .dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder()
                        .classicHistogramBuckets(ClassicHistogramBuckets.of(bounds, counts))
                        .sum(micros.getTotalCount() == 0 ? 0 : micros.getMean() * micros.getTotalCount() / 1e6)
                        .build())
                .build();
    }

    private static List<Double> bounds() {
        List<Double> bounds = new ArrayList<>(List.of(50e-6));
        for (double decade = 1e-4; decade < 10; decade *= 10) {
            for (double step : new double[] {1, 2.5, 5}) {
                bounds.add(Math.round(decade * step * 1e6) / 1e6);
            }
        }
        bounds.add(10.0);
        return List.copyOf(bounds);
    }
}

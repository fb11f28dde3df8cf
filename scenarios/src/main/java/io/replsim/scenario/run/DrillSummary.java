package io.replsim.scenario.run;

import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.record.RequestTypeFigures;
import io.replsim.loadgen.script.WeightedRequest;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.fault.FaultEvent;
import io.replsim.scenario.report.CheckEvaluator;
import io.replsim.scenario.report.CheckOutcome;
import io.replsim.scenario.report.CpuSample;
import io.replsim.scenario.report.ExpectationEvaluator;
import io.replsim.scenario.report.FailoverAnalysis;
import io.replsim.scenario.report.FaultImpactAnalysis;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.report.InvalidRuns;
import io.replsim.scenario.report.LatencyInterval;
import io.replsim.scenario.report.NodeSample;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.report.RunVerdict;
import io.replsim.scenario.report.TimelineReport;
import io.replsim.scenario.report.UnreplicatedSessions;
import io.replsim.scenario.report.ValidityReport;
import io.replsim.scenario.report.VerdictAttribution;
import io.replsim.scenario.spec.Check;
import io.replsim.scenario.spec.FaultExpectation;
import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.LoadSpec;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Gathers a drill's figures, of either load model, into its {@link RunSummary}: each fault's failover, impact, attributed
 * verdicts and expectations, the load's figures and the checks. The cluster's side comes in as {@link Cluster}:
 * everything read from replsim's own nodes, or nothing from a cluster it does not run, whose figures are then
 * null (not measured), never zero.
 */
public final class DrillSummary {
    /** The response-time bound when the scenario states no p90 check: 0.8 s, as the design has it. */
    static final Duration DEFAULT_P90_BOUND = Duration.ofMillis(800);
    /** No node may pass this utilization, so that the survivors can take over a failed node's load. */
    static final double CPU_CEILING = 0.6;

    /**
     * What was read from the cluster. {@code figures} and {@code nodes} are null when not measured; the maps are
     * empty then (each node's view history, CPU readings and counter readings, oldest first).
     */
    public record Cluster(RunSummary.Cluster figures, List<RunSummary.NodeFigures> nodes,
                          Map<String, List<NodeStatsReport.PastView>> viewHistories,
                          Map<String, List<CpuSample>> cpu, Map<String, List<NodeSample>> counters) {

        /** A cluster replsim does not run: nothing read from its nodes. */
        public static final Cluster NOT_MEASURED = new Cluster(null, null, Map.of(), Map.of(), Map.of());
    }

    private DrillSummary() {
    }

    /**
     * {@code external}: the cluster the drill ran against when replsim did not start it, else null;
     * {@code invalidRuns}: whether an INVALID run's verdict is INVALID or its checks'.
     */
    public static RunSummary of(ScenarioSpec spec, RunDirectory dir, Instant startedAt, long wallStart,
                                LoadResult result, List<FaultEvent> events, Cluster cluster,
                                RunSummary.External external, InvalidRuns invalidRuns) {
        Map<String, List<NodeStatsReport.PastView>> survivorViews = cluster.viewHistories();
        List<FaultReport> faults = events.stream()
                .filter(event -> event.phase() == FaultEvent.Phase.START)
                .map(event -> FailoverAnalysis.analyse(event, healOf(event, events), result.timelines(),
                        survivorViews))
                .toList();
        FaultImpactAnalysis impact = new FaultImpactAnalysis(new FaultImpactAnalysis.Records(
                result.startedAt().toEpochMilli(), spec.load().rampUp(), spec.load().duration(), result.perSecond(),
                latencyIntervals(dir), cluster.cpu(), p90Bound(spec), CPU_CEILING));
        VerdictAttribution attribution = new VerdictAttribution(result.startedAt().toEpochMilli(),
                spec.load().duration(), result.timelines(), cluster.counters());
        faults = faults.stream().map(fault -> fault.withImpact(impact.analyse(fault)))
                .map(fault -> fault.withAttribution(attribution.attribute(fault)))
                .map(fault -> holdExpectations(spec, fault, allDownEpochMs(fault, events), result, survivorViews))
                .toList();

        RunSummary.Latency latencyMs = RunSummary.Latency.ofMicros(result.latencyMicros());
        RunSummary.Verdicts sessions = RunSummary.Verdicts.of(result.sessionVerdicts());
        RunSummary.ResponseVerdicts responses = RunSummary.ResponseVerdicts.of(result.responseVerdicts());
        RunSummary.Requests requests = RunSummary.Requests.of(result.requests(), result.errors());

        List<CheckOutcome> checks = new ArrayList<>(CheckEvaluator.evaluate(spec.checks(), sessions, result.latencyMicros(), faults));
        checks.addAll(expectationOutcomes(spec, faults));
        boolean passed = checks.stream().allMatch(CheckOutcome::passed);
        ValidityReport validity = ValidityReport.of(result);
        LoadSpec load = spec.load();
        return new RunSummary(spec.name(), dir.root().toString(), startedAt.toString(),
                (System.nanoTime() - wallStart) / 1_000_000, RunVerdict.of(passed, validity, invalidRuns).name(),
                cluster.figures(),
                new RunSummary.Load(load.users(), load.thinkTime().toMillis(), load.rampUp().toMillis(),
                        load.duration().toMillis(), load.requestTimeout().toMillis()),
                requests, result.throughputPerSecond(), latencyMs, sessions, responses, faults, cluster.nodes(),
                checks, validity, requestTypeRows(load, result), openFigures(load, result, latencyMs),
                new RunSummary.Connections(result.connections().mode().label(), result.connections().opened(),
                        result.connections().peak()), external);
    }

    /** An open-model run's own figures beside the common ones; null for the closed model. */
    private static RunSummary.OpenFigures openFigures(LoadSpec load, LoadResult result, RunSummary.Latency corrected) {
        return result.open().map(open -> new RunSummary.OpenFigures(load.open().orElseThrow().arrivals().label(),
                open.intendedPerSecond(), open.throughputPerSecond(), load.users(), corrected,
                RunSummary.Latency.ofMicros(open.uncorrectedMicros()))).orElse(null);
    }

    /** report.html: throughput and p90/p99 per second, the faults' windows shaded; the same for both runners. */
    public static void writeReport(ScenarioSpec spec, RunDirectory dir, RunSummary summary, LoadResult result,
                                   List<FaultEvent> events) throws IOException {
        TimelineReport.write(dir.root().resolve("report.html"), new TimelineReport.Records(spec.name(),
                summary.verdict(), result.startedAt().toEpochMilli(), spec.load().duration().toMillis(),
                result.perSecond(), latencyIntervals(dir), p90Bound(spec).toNanos() / 1e6, summary.faults(), events));
    }

    /** The driver's per-second latency histograms; empty when the log cannot be read (the spike figures stay empty). */
    private static List<LatencyInterval> latencyIntervals(RunDirectory dir) {
        try {
            return LatencyInterval.read(dir.latencyLog());
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** The scenario's p90 bound, else 0.8 s. */
    private static Duration p90Bound(ScenarioSpec spec) {
        return spec.checks().stream()
                .filter(check -> check instanceof Check.LatencyBelow below && below.percentile() == 90)
                .map(check -> ((Check.LatencyBelow) check).bound())
                .findFirst().orElse(DEFAULT_P90_BOUND);
    }

    /** The heal event of a fault's start: the first of the same type and nodes after it. */
    private static Optional<FaultEvent> healOf(FaultEvent start, List<FaultEvent> events) {
        return events.stream()
                .filter(event -> event.phase() == FaultEvent.Phase.HEAL && event.type().equals(start.type())
                        && event.nodes().equals(start.nodes()) && event.atMs() >= start.atMs())
                .findFirst();
    }

    /** When the last of the fault's nodes went down, from its start event. */
    private static long allDownEpochMs(FaultReport fault, List<FaultEvent> events) {
        return events.stream()
                .filter(event -> event.phase() == FaultEvent.Phase.START && event.fault() == fault.fault()
                        && event.epochMs() == fault.epochMs())
                .mapToLong(FaultEvent::allDownEpochMs).findFirst().orElse(fault.epochMs());
    }

    private static FaultReport holdExpectations(ScenarioSpec spec, FaultReport fault, long allDownEpochMs,
                                                LoadResult result,
                                                Map<String, List<NodeStatsReport.PastView>> survivorViews) {
        List<FaultExpectation> expect = fault.fault() < 0 ? List.of() : spec.expectationsOf(fault.fault());
        if (expect.isEmpty()) {
            return fault;
        }
        return fault.withExpectations(ExpectationEvaluator.hold(fault.fault(), fault, expect,
                () -> UnreplicatedSessions.of(fault, allDownEpochMs, spec.replication().placement(), result.timelines(),
                        survivorViews)));
    }

    /** Every fault's expectations, and a failed one for each fault that expected something and never happened. */
    private static List<CheckOutcome> expectationOutcomes(ScenarioSpec spec, List<FaultReport> faults) {
        List<CheckOutcome> outcomes = new ArrayList<>();
        faults.forEach(fault -> outcomes.addAll(fault.expectations()));
        for (FaultExpectation.OfFault of : spec.expectations()) {
            if (faults.stream().noneMatch(fault -> fault.fault() == of.fault())) {
                FaultSpec never = spec.faults().get(of.fault());
                outcomes.add(new CheckOutcome("fault " + (of.fault() + 1) + " (" + never.type() + ")",
                        "happens and meets its expect", "it never happened (see the fault lines above)", false));
            }
        }
        return outcomes;
    }

    /** A row per request type of the load's script, with its weight; none without a script. */
    private static List<RunSummary.RequestTypeRow> requestTypeRows(LoadSpec load, LoadResult result) {
        List<RunSummary.RequestTypeRow> rows = new ArrayList<>();
        for (RequestTypeFigures figures : result.byRequestType()) {
            int weight = load.script().stream().filter(line -> line.request() == figures.type())
                    .mapToInt(WeightedRequest::weight).findFirst().orElse(0);
            rows.add(new RunSummary.RequestTypeRow(figures.type().label(), weight, figures.requests(),
                    figures.errors().total(), RunSummary.ResponseVerdicts.of(figures.responses()),
                    RunSummary.Latency.ofMicros(figures.latencyMicros())));
        }
        return rows;
    }
}

package io.replsim.scenario.report;

import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.record.RequestTypeFigures;
import io.replsim.loadgen.script.WeightedRequest;
import io.replsim.node.stats.NodeStatsReport;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.replsim.scenario.fault.FaultEvent;
import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.spec.Check;
import io.replsim.scenario.spec.FaultExpectation;
import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.LoadSpec;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A run's report, built from what it recorded ({@link RunRecord}), whatever ran it: its {@link RunSummary} (each
 * fault's failover, impact, attributed verdicts and expectations, the load's figures and the checks) and the files
 * it writes, summary.json, heap.json and report.html. What was not read from the cluster (one replsim does not run)
 * is null in the summary (not measured), never zero.
 */
public final class RunReport {
    /** The response-time bound when the scenario states no p90 check: 0.8 s, as the design has it. */
    static final Duration DEFAULT_P90_BOUND = Duration.ofMillis(800);
    /** No node may pass this utilization, so that the survivors can take over a failed node's load. */
    static final double CPU_CEILING = 0.6;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RunReport() {
    }

    /**
     * The run's summary, written to summary.json beside heap.json and report.html. {@code external}: the cluster the
     * run drove when replsim did not start it, else null; {@code invalidRuns}: whether an INVALID run's verdict is
     * INVALID or its checks'; {@code provenance}: what made the figures, written with them.
     */
    public static RunSummary write(RunRecord run, RunSummary.External external, InvalidRuns invalidRuns,
                                   Provenance provenance) throws IOException {
        RunSummary summary = summaryOf(run, external, invalidRuns, provenance);
        JSON.writeValue(run.directory().resolve("summary.json").toFile(), summary);
        if (run.heap().isPresent()) {
            JSON.writeValue(run.directory().resolve("heap.json").toFile(), run.heap().get());
        }
        SessionsCsv.write(SessionsCsv.rows(run.load().timelines(), confirmedStarts(run.events(), summary)),
                run.directory());
        LoadTimeline timeline = LoadTimeline.of(run, summary, p90Bound(run.spec()).toNanos() / 1e6);
        timeline.write(run.directory());
        TimelineReport.write(run.directory().resolve(RecordedRun.PAGE),
                timeline.page(summary, latencyIntervals(run.latencyLog()), run.events()));
        return summary;
    }

    /** The start events of the faults shown to have happened; the summary's faults are the starts, in order. */
    private static List<FaultEvent> confirmedStarts(List<FaultEvent> events, RunSummary summary) {
        List<FaultEvent> starts = events.stream().filter(event -> event.phase() == FaultEvent.Phase.START).toList();
        List<FaultEvent> confirmed = new ArrayList<>();
        for (int i = 0; i < starts.size() && i < summary.faults().size(); i++) {
            if (summary.faults().get(i).confirmed()) {
                confirmed.add(starts.get(i));
            }
        }
        return confirmed;
    }

    static RunSummary summaryOf(RunRecord run, RunSummary.External external, InvalidRuns invalidRuns,
                                Provenance provenance) {
        ScenarioSpec spec = run.spec();
        LoadResult result = run.load();
        List<FaultEvent> events = run.events();
        ClusterReadings cluster = run.cluster();
        Map<String, List<NodeStatsReport.PastView>> survivorViews = cluster.viewHistories();
        Set<String> endedEarly = cluster.endedEarly();
        List<FaultReport> faults = events.stream()
                .filter(event -> event.phase() == FaultEvent.Phase.START)
                .map(event -> FailoverAnalysis.analyse(event, endOf(event, events), result.timelines(),
                        survivorViews, endedEarly))
                .toList();
        FaultImpactAnalysis impact = new FaultImpactAnalysis(new FaultImpactAnalysis.Records(
                result.startedAt().toEpochMilli(), spec.load().rampUp(), spec.load().duration(), result.perSecond(),
                latencyIntervals(run.latencyLog()), cluster.latestProcessCpu(), p90Bound(spec), CPU_CEILING));
        // no gravitation counter to attribute where the engine has none: null, not 0
        VerdictAttribution attribution = new VerdictAttribution(result.startedAt().toEpochMilli(),
                spec.load().duration(), result.timelines(),
                ClusterFigures.hasGravitation(spec) ? cluster.counters() : Map.of());
        // tabs overlap on one session, which the serial oracle cannot order: it judged nothing, which is not zero
        boolean judged = spec.load().profile().tabs() <= 1;
        // a fault nothing showed to have happened measured nothing: its figures are not measured, never zeros
        faults = faults.stream().map(fault -> fault.confirmed()
                        ? fault.withImpact(impact.analyse(fault)).withAttribution(judged ? attribution.attribute(fault)
                                : attribution.attribute(fault).sessionsNotJudged())
                        : fault.notMeasured())
                .map(fault -> holdExpectations(spec, fault, allDownEpochMs(fault, events), result, survivorViews))
                .toList();

        RunSummary.Latency latencyMs = RunSummary.Latency.ofMicros(result.latencyMicros());
        RunSummary.Verdicts sessions = judged ? RunSummary.Verdicts.of(result.sessionVerdicts()) : null;
        RunSummary.ResponseVerdicts responses = judged ? RunSummary.ResponseVerdicts.of(result.responseVerdicts())
                : null;
        RunSummary.Requests requests = RunSummary.Requests.of(result.requests(), result.errors());

        RunSummary.Users users = RunSummary.Users.of(result.users());
        AnomalyCounts anomalies = anomalies(run);
        List<CheckOutcome> checks = new ArrayList<>(CheckEvaluator.evaluate(spec.checks(), sessions,
                result.latencyMicros(), result.served().wholeMicros(), faults, anomalies));
        checks.addAll(expectationOutcomes(spec, faults));
        CheckEvaluator.usersAccountedFor(result.users()).ifPresent(checks::add);
        UnaskedDeaths.check(run.deathsUnasked(), result.startedAt().toEpochMilli()).ifPresent(checks::add);
        boolean passed = checks.stream().allMatch(CheckOutcome::passed);
        ValidityReport validity = ValidityReport.of(result)
                .invalidAlsoBecause(UnconfirmedFaults.reasons(faults, events));
        LoadSpec load = spec.load();
        return new RunSummary(spec.name(), run.directory().toString(), run.startedAt().toString(),
                (System.nanoTime() - run.wallStartNanos()) / 1_000_000, RunVerdict.of(passed, validity, invalidRuns).name(),
                ClusterFigures.of(spec, cluster),
                new RunSummary.Load(load.users(), load.thinkTime().toMillis(), load.rampUp().toMillis(),
                        load.duration().toMillis(), load.requestTimeout().toMillis(), load.profile().tabs(),
                        load.isOpen() ? null : load.profile().runtime().label()),
                requests, result.throughputPerSecond(), latencyMs, sessions, responses, faults, nodeFigures(run),
                checks, validity, requestTypeRows(load, result), openFigures(load, result, latencyMs),
                new RunSummary.Connections(result.connections().mode().label(), result.connections().opened(),
                        result.connections().peak()),
                RunSummary.Latency.measuredOrNull(result.served().wholeMicros()), users, anomalies, provenance,
                external);
    }

    /** Each node's figures over the load, its CPU over the steady window; null when the nodes were not read. */
    private static List<NodeFigures> nodeFigures(RunRecord run) {
        if (!run.cluster().measured()) {
            return null;
        }
        boolean gravitation = ClusterFigures.hasGravitation(run.spec());
        return run.cluster().nodes().stream()
                .map(node -> NodeFigures.of(new MeasuredNode(node, run.steadyWindowCpu(node), gravitation)))
                .toList();
    }

    /** What the checker finds in the history the run recorded; null when it recorded none. */
    private static AnomalyCounts anomalies(RunRecord run) {
        if (!run.spec().load().history() || !AnomalyCounts.recorded(run.directory())) {
            return null;
        }
        try {
            return AnomalyCounts.check(run.directory());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot check the run's history in " + run.directory(), e);
        }
    }

    /** An open-model run's own figures beside the common ones; null for the closed model. */
    private static RunSummary.OpenFigures openFigures(LoadSpec load, LoadResult result, RunSummary.Latency corrected) {
        return result.open().map(open -> new RunSummary.OpenFigures(load.open().orElseThrow().arrivals().label(),
                open.intendedPerSecond(), open.throughputPerSecond(), load.users(), corrected,
                RunSummary.Latency.ofMicros(open.uncorrectedMicros()))).orElse(null);
    }

    /** The driver's per-second latency histograms; empty when the log cannot be read (the spike figures stay empty). */
    static List<LatencyInterval> latencyIntervals(Path latencyLog) {
        try {
            return LatencyInterval.read(latencyLog);
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

    /**
     * The end of a fault's start: left unfinished by the run's end (recorded right after it), else the first heal,
     * or cut short by its node's end, of the same type and nodes after it.
     */
    private static Optional<FaultEvent> endOf(FaultEvent start, List<FaultEvent> events) {
        int next = events.indexOf(start) + 1;
        if (next > 0 && next < events.size() && events.get(next).phase() == FaultEvent.Phase.UNFINISHED) {
            return Optional.of(events.get(next));
        }
        return events.stream()
                .filter(event -> (event.phase() == FaultEvent.Phase.HEAL || event.phase() == FaultEvent.Phase.CUT_SHORT)
                        && event.type().equals(start.type())
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

package io.replsim.scenario.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.replsim.loadgen.check.UsersServed;
import io.replsim.loadgen.record.LatencyLogMerge;
import io.replsim.loadgen.record.Second;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * Several load agents' runs ({@code replsim agent}, one share of the users each) as one run: summary.json and
 * report.html with the fields of a single driver's run. Counts add up (requests, errors, session and response
 * verdicts, users); response times come from the agents' histograms added together, never from their percentiles;
 * the checks are judged again over the sums; the run is VALID only when every agent's was ({@link MergedValidity}).
 * The cluster's figures, the provenance and what was driven are the first agent's (each agent's own stay in its
 * directory). The agents must be every share of one load: the same scenario, start and seed, agent 1 to n once each.
 *
 * @param agents  the agents' runs, in their order
 * @param summary the merged figures
 * @param latency the agents' latency logs added together, second by second
 */
public record MergedAgents(List<AgentRun> agents, RunSummary summary, LoadTimeline timeline,
                           LatencyLogMerge.Merged latency) {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public MergedAgents {
        agents = List.copyOf(agents);
    }

    /** Whether {@code directory} is a load agent's (it holds agent.json). */
    public static boolean isAgent(Path directory) {
        return AgentRecord.recorded(directory);
    }

    /**
     * Reads the agents' directories and merges them as the run {@code into} will hold.
     *
     * @throws UnreadableRunException when a directory is no agent's, or the agents are not every share of one load
     */
    public static MergedAgents of(List<Path> directories, Path into) throws UnreadableRunException, IOException {
        List<AgentRun> agents = new ArrayList<>();
        for (Path directory : directories) {
            agents.add(AgentRun.read(directory));
        }
        AgentSet.requireOneLoad(agents);
        agents.sort(Comparator.comparingInt(agent -> agent.agent().agent()));
        LatencyLogMerge.Merged latency = LatencyLogMerge.of(agents.stream()
                .map(agent -> agent.directory().resolve(RecordedRun.LATENCY_LOG)).toList());
        AgentRecord.Histograms histograms = AgentRecord.Histograms.empty();
        agents.forEach(agent -> histograms.add(agent.histograms()));
        RunSummary summary = summary(agents, into, latency, histograms);
        return new MergedAgents(agents, summary, timeline(agents), latency);
    }

    /** Writes summary.json, timeline.json, latency.hlog and report.html into {@code into}, which must not exist. */
    public void write(Path into) throws IOException {
        if (Files.exists(into)) {
            throw new IOException(into + " exists; merge writes a new run directory: name another one, or remove it");
        }
        Files.createDirectories(into);
        JSON.writeValue(into.resolve(RecordedRun.SUMMARY).toFile(), summary);
        timeline.write(into);
        latency.write(into.resolve(RecordedRun.LATENCY_LOG));
        Files.copy(agents.getFirst().directory().resolve(AgentRun.SCENARIO), into.resolve(AgentRun.SCENARIO));
        JSON.writeValue(into.resolve("agents.json").toFile(), agents.stream().map(agent -> Map.of(
                "agent", agent.agent().share(), "directory", agent.directory().toString(),
                "verdict", agent.summary().verdict())).toList());
        TimelineReport.write(into.resolve(RecordedRun.PAGE),
                timeline.page(summary, LatencyInterval.read(into.resolve(RecordedRun.LATENCY_LOG)), List.of()));
    }

    private static RunSummary summary(List<AgentRun> agents, Path into, LatencyLogMerge.Merged latency,
                                      AgentRecord.Histograms histograms) {
        ScenarioSpec spec = agents.getFirst().spec();
        RunSummary first = agents.getFirst().summary();
        List<RunSummary> each = agents.stream().map(AgentRun::summary).toList();
        RunSummary.Verdicts sessions = new RunSummary.Verdicts(sum(each, s -> s.sessions().ok()),
                sum(each, s -> s.sessions().stale()), sum(each, s -> s.sessions().lost()),
                sum(each, s -> s.sessions().corrupt()), sum(each, s -> s.sessions().failed()),
                sum(each, s -> s.sessions().expired()), sum(each, s -> s.sessions().neverServed()));
        RunSummary.ResponseVerdicts responses = new RunSummary.ResponseVerdicts(sum(each, s -> s.responses().ok()),
                sum(each, s -> s.responses().stale()), sum(each, s -> s.responses().lost()),
                sum(each, s -> s.responses().corrupt()), sum(each, s -> s.responses().expired()));
        RunSummary.Requests requests = new RunSummary.Requests(sum(each, s -> s.requests().total()),
                sum(each, s -> s.requests().errors()), sum(each, s -> s.requests().connectErrors()),
                sum(each, s -> s.requests().ioErrors()), sum(each, s -> s.requests().timeouts()),
                sum(each, s -> s.requests().httpErrors()), sum(each, s -> s.requests().balancerRetries()));
        UsersServed users = new UsersServed(sum(each, s -> s.users().started()), sum(each, s -> s.users().served()),
                sum(each, s -> s.users().neverServed()));
        List<CheckOutcome> checks = new ArrayList<>(CheckEvaluator.evaluate(spec.checks(), sessions,
                latency.latencyMicros(), histograms.served(), List.of(), null));
        CheckEvaluator.usersAccountedFor(users).ifPresent(checks::add);
        boolean passed = checks.stream().allMatch(CheckOutcome::passed);
        ValidityReport validity = MergedValidity.of(agents, histograms.steady(), histograms.steadyServed());
        return new RunSummary(first.scenario(), into.toString(),
                each.stream().map(s -> Instant.parse(s.startedAt())).min(Comparator.naturalOrder()).orElseThrow()
                        .toString(),
                each.stream().mapToLong(RunSummary::wallMs).max().orElse(0),
                RunVerdict.of(passed, validity, InvalidRuns.REFUSED).name(), first.cluster(), first.load(), requests,
                each.stream().mapToDouble(RunSummary::throughputPerSec).sum(),
                RunSummary.Latency.ofMicros(latency.latencyMicros()), sessions, responses, List.of(), first.nodes(),
                checks, validity, requestTypeRows(each, latency.byTag()), null,
                first.connections() == null ? null : new RunSummary.Connections(first.connections().mode(),
                        sum(each, s -> s.connections().opened()), (int) sum(each, s -> s.connections().peakOpen())),
                RunSummary.Latency.measuredOrNull(histograms.served()), RunSummary.Users.of(users), null,
                first.provenance(), first.external());
    }

    /** The agents' requests and errors per wall-clock second added up, from the first agent's load start. */
    private static LoadTimeline timeline(List<AgentRun> agents) {
        TreeMap<Long, long[]> seconds = new TreeMap<>();
        for (AgentRun agent : agents) {
            for (Second second : agent.run().timeline().seconds()) {
                long[] counts = seconds.computeIfAbsent(second.epochSecond(), s -> new long[2]);
                counts[0] += second.requests();
                counts[1] += second.errors();
            }
        }
        List<Second> added = seconds.entrySet().stream()
                .map(entry -> new Second(entry.getKey(), entry.getValue()[0], entry.getValue()[1])).toList();
        LoadTimeline first = agents.getFirst().run().timeline();
        return new LoadTimeline(agents.stream().mapToLong(agent -> agent.run().timeline().loadStartEpochMs()).min()
                .orElseThrow(), first.p90BoundMs(), added, first.runtime(), Map.of(), Map.of(), List.of());
    }

    private static long sum(List<RunSummary> each, ToLongFunction<RunSummary> figure) {
        return each.stream().mapToLong(figure).sum();
    }

    /**
     * Each request type's row over every agent: counts added, response times from the agents' tagged intervals
     * added together (the first agent's rows give the types and weights; every agent played the same script).
     */
    private static List<RunSummary.RequestTypeRow> requestTypeRows(List<RunSummary> each,
                                                                   Map<String, Histogram> byTag) {
        List<RunSummary.RequestTypeRow> rows = new ArrayList<>();
        for (RunSummary.RequestTypeRow row : each.getFirst().requestTypes()) {
            List<RunSummary.RequestTypeRow> same = each.stream().flatMap(s -> s.requestTypes().stream())
                    .filter(other -> other.request().equals(row.request())).toList();
            ToLongFunction<ToLongFunction<RunSummary.ResponseVerdicts>> responses = verdict -> same.stream()
                    .mapToLong(other -> verdict.applyAsLong(other.responses())).sum();
            // no tagged interval: no answer of that type in any agent's log
            Histogram micros = byTag.get(row.request());
            rows.add(new RunSummary.RequestTypeRow(row.request(), row.weight(),
                    same.stream().mapToLong(RunSummary.RequestTypeRow::requests).sum(),
                    same.stream().mapToLong(RunSummary.RequestTypeRow::errors).sum(),
                    new RunSummary.ResponseVerdicts(responses.applyAsLong(RunSummary.ResponseVerdicts::ok),
                            responses.applyAsLong(RunSummary.ResponseVerdicts::stale),
                            responses.applyAsLong(RunSummary.ResponseVerdicts::lost),
                            responses.applyAsLong(RunSummary.ResponseVerdicts::corrupt),
                            responses.applyAsLong(RunSummary.ResponseVerdicts::expired)),
                    micros == null ? new RunSummary.Latency(0, 0, 0, 0, 0) : RunSummary.Latency.ofMicros(micros)));
        }
        return rows;
    }
}

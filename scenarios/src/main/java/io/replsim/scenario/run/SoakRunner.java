package io.replsim.scenario.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.replsim.scenario.provenance.NodesRuntime;
import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.provenance.ProvenanceStart;
import io.replsim.scenario.provenance.ScenarioHash;
import io.replsim.scenario.report.AnomalyCounts;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.report.HeapTrend;
import io.replsim.scenario.report.InvalidRuns;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.report.RunVerdict;
import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeFactory;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Runs one drill many times, each on a fresh cluster, and reports the distribution of its figures: the
 * reliability targets (no session lost over 100 single failures with sync replication, failover p50/p99) are
 * claims about many drills, not one.
 */
public final class SoakRunner {
    private static final Duration EXIT_GRACE = Duration.ofSeconds(10);
    private static final Duration DRILL_PROGRESS = Duration.ofSeconds(5);
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path runsRoot;
    /** The one entry each drill is played by, given where the drills' runs go and the soak log they print to. */
    private final BiFunction<Path, PrintStream, ScenarioRunner> runners;
    private final PrintStream out;

    public SoakRunner(Path runsRoot, NodeLauncher launcher, PrintStream out) {
        this(runsRoot, launcher, out, InvalidRuns.REFUSED);
    }

    /**
     * Each drill on the scenario's {@code cluster.runtime}: node processes started with {@code launcher},
     * containers, or Tomcat members. {@code invalidRuns}: whether an INVALID drill's verdict is INVALID (the default)
     * or its checks'.
     */
    public SoakRunner(Path runsRoot, NodeLauncher launcher, PrintStream out, InvalidRuns invalidRuns) {
        this(runsRoot, out, (runs, console) -> new ScenarioRunner(runs, launcher, console, DRILL_PROGRESS,
                invalidRuns));
    }

    /** Each drill on the runtime {@code runtimes} makes, given the soak log the drills print to. */
    public SoakRunner(Path runsRoot, Function<PrintStream, RuntimeFactory> runtimes, PrintStream out,
                      InvalidRuns invalidRuns) {
        this(runsRoot, out, (runs, console) -> new ScenarioRunner(runs, runtimes.apply(console), console,
                DRILL_PROGRESS, invalidRuns));
    }

    private SoakRunner(Path runsRoot, PrintStream out, BiFunction<Path, PrintStream, ScenarioRunner> runners) {
        this.runsRoot = runsRoot;
        this.runners = runners;
        this.out = out;
    }

    /**
     * One drill's figures; {@code sessionsLost} counts LOST, CORRUPT, FAILED and NEVER SERVED sessions, as
     * {@code maxSessionsLost} does; {@code viewChangeMs} per fault (null: a survivor never installed a view without
     * the fault's nodes), {@code failoverMs} the last affected user's per fault (null: an affected user was never
     * served again), {@code usersNeverServedAgain} over the drill's faults. {@code heapSlopeKbPerMinute}: the steepest
     * heap-after-GC slope of any node process of the drill (null when no process lived 3 minutes);
     * {@code orphans}: node processes of this soak still alive after the drill ended. {@code anomalies}: what the
     * history's checker found in the drill (its summary.json's); null when the drill recorded no history.
     */
    public record Drill(int run, String verdict, long sessionsLost, long sessionsStale, long errors,
                        List<Long> viewChangeMs, List<Long> failoverMs, long usersNeverServedAgain,
                        Double heapSlopeKbPerMinute, long orphans, String directory, AnomalyCounts anomalies) {}

    /**
     * Nearest-rank percentiles over every drill's faults. {@code count} is every fault, {@code never} those that
     * never got the figure (no new view, a user never served again): they rank above every measured value, so a
     * percentile or the max that lands on one is null (printed "never"). All null when there was no fault.
     */
    public record Distribution(int count, int never, Long p50, Long p90, Long p99, Long max) {
        static Distribution of(List<Long> values) {
            List<Long> measured = values.stream().filter(Objects::nonNull).sorted().toList();
            int count = values.size();
            if (count == 0) {
                return new Distribution(0, 0, null, null, null, null);
            }
            return new Distribution(count, count - measured.size(), rank(measured, count, 50),
                    rank(measured, count, 90), rank(measured, count, 99), rank(measured, count, 100));
        }

        private static Long rank(List<Long> measured, int count, int percentile) {
            int index = Math.max(0, (int) Math.ceil(percentile / 100.0 * count) - 1);
            return index < measured.size() ? measured.get(index) : null;
        }
    }

    /**
     * {@code invalid}: drills whose verdict was INVALID (their figures describe the driver, not the cluster).
     * {@code held}: every drill passed, and no fault of any drill went without a new view or left a user never
     * served again; a drill's own checks may not ask for those, the soak's distributions do. {@code anomalies}: the
     * history's checker's counts over the drills that recorded a history (null in a soak.json from before they were
     * summed). {@code provenance}: what
     * made the figures, as a run's summary.json says it (the load average before the first drill and after the last
     * written so far; the nodes' runtime and JDK as the drills report them); null in a soak.json from before.
     */
    public record SoakSummary(String scenario, int repeat, int passed, int invalid, int broken, long sessionsLost,
                              long sessionsStale, Distribution viewChangeMs, Distribution failoverMs,
                              long usersNeverServedAgain, Double heapSlopeKbPerMinute, long orphans,
                              List<Drill> drills, SoakAnomalies anomalies, Provenance provenance) {
        public boolean held() {
            return passed == repeat && viewChangeMs.never() == 0 && failoverMs.never() == 0
                    && usersNeverServedAgain == 0;
        }
    }

    public SoakSummary run(ScenarioSpec spec, Path specFile, int repeat) throws IOException, InterruptedException {
        Path soakDir = runsRoot.resolve(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").format(LocalDateTime.now())
                + "-soak-" + spec.name());
        Files.createDirectories(soakDir);
        List<Drill> drills = new ArrayList<>();
        ProvenanceStart started = ProvenanceStart.read(List.of(ScenarioHash.of(specFile)));
        List<NodesRuntime> ranOn = new ArrayList<>();
        // read again after each drill, so a soak cut short names what made its figures so far
        Provenance provenance = started.end(NodesRuntime.ofRuns(ranOn));
        int broken = 0;
        SoakConsole said = new SoakConsole(out);
        try (OutputStream log = Files.newOutputStream(soakDir.resolve("soak.log"));
             PrintStream console = new PrintStream(log, true, StandardCharsets.UTF_8)) {
            ScenarioRunner runner = runners.apply(soakDir.resolve("runs"), console);
            for (int run = 1; run <= repeat; run++) {
                try {
                    RunOutcome outcome = runner.run(spec, specFile);
                    Provenance ran = outcome.summary().provenance();
                    ranOn.add(new NodesRuntime(ran.runtime(), ran.nodesJdk()));
                    Drill drill = drill(run, outcome, orphans());
                    drills.add(drill);
                    said.drill(drill, repeat);
                } catch (ClusterStartException | IOException e) {
                    broken++;
                    said.broke(run, repeat, e.getMessage());
                }
                // After every drill, so a soak cut short still leaves its figures so far.
                provenance = started.end(NodesRuntime.ofRuns(ranOn));
                JSON.writeValue(soakDir.resolve("soak.json").toFile(), summary(spec.name(), run, broken, drills,
                        provenance));
            }
        }
        SoakSummary summary = summary(spec.name(), repeat, broken, drills, provenance);
        SoakPage.write(soakDir);
        said.summary(summary, soakDir);
        return summary;
    }

    static SoakSummary summary(String scenario, int runs, int broken, List<Drill> drills, Provenance provenance) {
        return new SoakSummary(scenario, runs,
                (int) drills.stream().filter(drill -> drill.verdict().equals(RunVerdict.PASS.name())).count(),
                (int) drills.stream().filter(drill -> drill.verdict().equals(RunVerdict.INVALID.name())).count(), broken,
                drills.stream().mapToLong(Drill::sessionsLost).sum(), drills.stream().mapToLong(Drill::sessionsStale).sum(),
                Distribution.of(drills.stream().flatMap(drill -> drill.viewChangeMs().stream()).toList()),
                Distribution.of(drills.stream().flatMap(drill -> drill.failoverMs().stream()).toList()),
                drills.stream().mapToLong(Drill::usersNeverServedAgain).sum(),
                drills.stream().map(Drill::heapSlopeKbPerMinute).filter(Objects::nonNull).max(Double::compare)
                        .orElse(null),
                drills.stream().mapToLong(Drill::orphans).max().orElse(0), List.copyOf(drills),
                SoakAnomalies.over(drills), provenance);
    }

    private static Drill drill(int run, RunOutcome outcome, long orphans) {
        RunSummary summary = outcome.summary();
        boolean viewsRead = summary.cluster() != null;
        // a drill with tabs judged no session: nothing counted as lost or stale by the serial oracle
        RunSummary.Verdicts sessions = summary.sessions() == null ? new RunSummary.Verdicts(0, 0, 0)
                : summary.sessions();
        return new Drill(run, summary.verdict(), sessions.countedAsLost(), sessions.stale(),
                summary.requests().errors(),
                // a restart of a node already gone has no new view to wait for, and a delay, a discard or a reset
                // hurts a node without taking it away: none is a detection, and their missing view is not a
                // "never"; nor is a view that was not read (a cluster whose nodes tell replsim no view, as Tomcat
                // members do)
                summary.faults().stream().filter(fault -> viewsRead && !fault.type().equals("restart")
                                && !fault.type().equals("delay") && !fault.type().equals("discard")
                                && !fault.type().equals("reset"))
                        .map(FaultReport::viewChangeMs).toList(),
                summary.faults().stream().filter(fault -> fault.affectedUsers() > 0).map(FaultReport::failoverMs).toList(),
                summary.faults().stream().mapToLong(FaultReport::unrecoveredUsers).sum(),
                outcome.heap().stream().map(HeapTrend::slopeBytesPerMinute).filter(Objects::nonNull)
                        .map(bytes -> bytes / 1024).max(Double::compare).orElse(null),
                orphans, summary.runDirectory(), summary.anomalies());
    }

    /**
     * Node processes this JVM started that are still alive once a drill has stopped its cluster, after giving a
     * process killed a moment ago time to be gone.
     */
    private static long orphans() throws InterruptedException {
        List<ProcessHandle> nodes = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(process -> process.info().commandLine().map(line -> line.contains("NodeMain")).orElse(false))
                .toList();
        long deadline = System.nanoTime() + EXIT_GRACE.toNanos();
        long alive = 0;
        for (ProcessHandle node : nodes) {
            try {
                node.onExit().get(Math.max(0, deadline - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                alive += node.isAlive() ? 1 : 0;
            }
        }
        return alive;
    }
}

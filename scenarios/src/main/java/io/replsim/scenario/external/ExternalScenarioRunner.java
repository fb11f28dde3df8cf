package io.replsim.scenario.external;

import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.exchange.SerialSource;
import io.replsim.scenario.fault.FaultEvent;
import io.replsim.scenario.fault.FaultTimeline;
import io.replsim.scenario.fault.TimelineClock;
import io.replsim.scenario.report.ConsoleReport;
import io.replsim.scenario.report.InvalidRuns;
import io.replsim.scenario.report.ClusterReadings;
import io.replsim.scenario.report.RunRecord;
import io.replsim.scenario.report.RunReport;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.run.FaultAnnouncement;
import io.replsim.scenario.run.LoadPhases;
import io.replsim.scenario.run.ProgressLine;
import io.replsim.scenario.run.RunDirectory;
import io.replsim.scenario.run.RunOutcome;
import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.spec.LoadSpec;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;

/**
 * Plays a drill against a cluster replsim does not run: the scenario's load through the same driver, sticky router
 * and session verifier, its kills and restarts through the user's commands, and the same report (console,
 * summary.json, report.html). Nothing is read from the nodes, so what only they can tell (views, CPU, sessions
 * held, gravitations) is reported as not measured. Call it with a scenario {@link ExternalDrillRefusals} has
 * nothing against.
 */
public final class ExternalScenarioRunner {

    /** What a drill against an external cluster cannot measure, as summary.json's {@code external} lists it. */
    static final List<String> NOT_MEASURED = List.of("cluster (its settings are yours)",
            "nodes (CPU, sessions owned and backed up, replication counters)",
            "time to a new view and back in the view", "survivor CPU", "gravitations");

    private final Path runsRoot;
    private final PrintStream out;
    private final Duration progressEvery;
    private final InvalidRuns invalidRuns;

    public ExternalScenarioRunner(Path runsRoot, PrintStream out, Duration progressEvery) {
        this(runsRoot, out, progressEvery, InvalidRuns.REFUSED);
    }

    /** {@code invalidRuns}: whether an INVALID run's verdict is INVALID (the default) or its checks'. */
    public ExternalScenarioRunner(Path runsRoot, PrintStream out, Duration progressEvery, InvalidRuns invalidRuns) {
        this.runsRoot = runsRoot;
        this.out = out;
        this.progressEvery = progressEvery;
        this.invalidRuns = invalidRuns;
    }

    /** @throws ClusterStartException when a target does not answer, before anything else is done */
    public RunOutcome run(ScenarioSpec spec, Path specFile, ExternalTarget target)
            throws IOException, InterruptedException, ClusterStartException {
        List<ExternalDrillRefusals.Refusal> refusals = ExternalDrillRefusals.of(spec, target);
        if (!refusals.isEmpty()) {
            throw new IllegalArgumentException("this drill cannot run against the target: " + refusals);
        }
        List<String> unanswered = TargetProbe.unanswered(target);
        if (!unanswered.isEmpty()) {
            throw new ClusterStartException(String.join("; ", unanswered) + ". Start it, or correct the --target URL"
                    + " (and --path)");
        }
        RunDirectory dir = RunDirectory.create(runsRoot, spec.name() + "-external", LocalDateTime.now());
        dir.copySpec(specFile);
        out.println("replsim: scenario " + spec.name() + " against " + String.join(" ", targets(target))
                + ", run directory " + dir.root());
        out.println("replsim: the scenario's cluster and replication sections are not used: the cluster is yours");
        long wallStart = System.nanoTime();
        Instant startedAt = Instant.now();
        ExternalNodes nodes = new ExternalNodes(target.nodes());
        LoadSpec load = spec.load();
        LoadProfile profile = load.toProfile(target.path()).withProtocol(target.withAppsOf(spec.workload()).protocol());
        LoadResult result;
        List<FaultEvent> events;
        try (LoadDriver driver = new LoadDriver(profile, target.nodes(), dir.latencyLog());
             FaultTimeline timeline = new FaultTimeline(spec.faults(),
                     new ExternalNemesis(nodes, target.kill(), target.restart(), driver::nodeServing, load.users(),
                             line -> out.println("replsim: " + line)),
                     TimelineClock.SYSTEM, new FaultAnnouncement(dir, out),
                     problem -> out.println("replsim: " + problem))) {
            out.println(LoadPhases.describe(load));
            long loadStart = System.nanoTime();
            driver.start();
            timeline.start(loadStart);
            showProgressUntil(loadStart + load.duration().toNanos(), driver, nodes, load.users());
            result = driver.awaitResult();
            events = timeline.events();
        }
        RunSummary summary = RunReport.write(new RunRecord(spec, dir.root(), dir.latencyLog(), startedAt, wallStart,
                result, events, ClusterReadings.NOT_MEASURED, Optional.empty()), external(target, spec), invalidRuns);
        new ConsoleReport(out).print(summary);
        return new RunOutcome(summary, dir.root());
    }

    /** A progress line now and then; "view" is the targets not known to be down, since no view can be read. */
    private void showProgressUntil(long endNanos, LoadDriver driver, ExternalNodes nodes, int users)
            throws InterruptedException {
        long next = System.nanoTime() + progressEvery.toNanos();
        while (true) {
            long now = System.nanoTime();
            if (now >= endNanos) {
                return;
            }
            Thread.sleep(Duration.ofNanos(Math.min(endNanos, next) - now));
            if (System.nanoTime() >= next) {
                next += progressEvery.toNanos();
                out.println(ProgressLine.format(driver.progress(), users, nodes.up()));
            }
        }
    }

    static RunSummary.External external(ExternalTarget target, ScenarioSpec spec) {
        return new RunSummary.External(targets(target), target.path(), target.protocol().cookieName(),
                serial(target.protocol().serial()), target.kill().map(NodeCommand::template).orElse(null),
                target.restart().map(NodeCommand::template).orElse(null), NOT_MEASURED,
                ContentVerification.of(target.withAppsOf(spec.workload()).protocol(), target.path()));
    }

    private static List<String> targets(ExternalTarget target) {
        return target.nodes().stream().map(node -> node.name() + "=" + node.baseUri()).toList();
    }

    /** As the command line's --serial writes it. */
    private static String serial(SerialSource source) {
        return switch (source) {
            case SerialSource.CounterJson ignored -> "json";
            case SerialSource.JsonField field -> "json:" + field.pointer();
            case SerialSource.Header header -> "header:" + header.name();
            case SerialSource.BodyPattern pattern -> "regex:" + pattern.pattern().pattern();
        };
    }
}

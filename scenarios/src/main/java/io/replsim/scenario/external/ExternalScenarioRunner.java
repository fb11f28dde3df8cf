package io.replsim.scenario.external;

import io.replsim.scenario.runtime.SpecRefusal;
import io.replsim.loadgen.Load;
import io.replsim.loadgen.exchange.SerialSource;
import io.replsim.loadgen.profile.SessionsAtEnd;
import io.replsim.scenario.report.ConsoleReport;
import io.replsim.scenario.report.InvalidRuns;
import io.replsim.scenario.report.RunReport;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.run.LoadTarget;
import io.replsim.scenario.run.Run;
import io.replsim.scenario.run.RunDirectory;
import io.replsim.scenario.run.RunOutcome;
import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;

/**
 * Plays a drill against a cluster replsim does not run: the same {@link Run} as on replsim's own nodes, on an
 * {@link ExternalRuntime} (its kills and restarts through the user's commands), the scenario's load through the same
 * driver, sticky router and session verifier, and the same report (console, summary.json, report.html). Nothing is
 * read from the nodes, so what only they can tell (views, CPU, sessions held, gravitations) is reported as not
 * measured. A scenario the runtime refuses is refused before anything runs.
 */
public final class ExternalScenarioRunner {

    /** What a drill against an external cluster cannot measure, as summary.json's {@code external} lists it. */
    static final List<String> NOT_MEASURED = List.of("cluster (its settings are yours)",
            "nodes (CPU, sessions owned and backed up, replication counters)",
            "time to a new view and back in the view", "survivor CPU", "gravitations",
            "nodes that end with no fault ending them (no process of theirs to watch)");

    private static final Duration VIEW_DEADLINE = Duration.ofSeconds(60);

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
        try (ExternalRuntime runtime = new ExternalRuntime(target, line -> out.println("replsim: " + line))) {
            List<SpecRefusal> refusals = runtime.capabilities().refusals(spec);
            if (!refusals.isEmpty()) {
                throw new IllegalArgumentException("this drill cannot run against the target: " + refusals);
            }
            runtime.start(VIEW_DEADLINE);
            RunDirectory dir = RunDirectory.create(runsRoot, spec.name() + "-external", LocalDateTime.now());
            dir.copySpec(specFile);
            out.println("replsim: scenario " + spec.name() + " against " + String.join(" ", targets(target))
                    + ", run directory " + dir.root());
            out.println("replsim: the scenario's cluster and replication sections are not used: the cluster is yours");
            long wallStart = System.nanoTime();
            Instant startedAt = Instant.now();
            LoadTarget driven = new LoadTarget(target.nodes(), target.path(),
                    target.withAppsOf(spec.workload()).protocol());
            Run.Played played;
            try (Load load = driven.loadOf(spec, dir.latencyLog(), dir.uncorrectedLatencyLog(), SessionsAtEnd.KEPT)) {
                played = new Run(spec, runtime, users -> new ExternalNemesis(runtime, users, spec.load().users()),
                        dir, out, progressEvery).play(load, startedAt, wallStart, 0);
            }
            RunSummary summary = RunReport.write(played.record(), external(target, spec), invalidRuns);
            new ConsoleReport(out).print(summary);
            return new RunOutcome(summary, dir.root());
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

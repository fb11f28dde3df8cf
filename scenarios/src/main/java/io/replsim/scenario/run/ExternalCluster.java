package io.replsim.scenario.run;

import io.replsim.loadgen.exchange.SerialSource;
import io.replsim.scenario.report.ForeignCluster;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.runtime.RuntimeCapabilities;
import io.replsim.scenario.runtime.external.ContentVerification;
import io.replsim.scenario.runtime.external.ExternalCapabilities;
import io.replsim.scenario.runtime.external.ExternalRuntime;
import io.replsim.scenario.runtime.external.ExternalTarget;
import io.replsim.scenario.runtime.external.NodeCommand;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * A cluster replsim does not run, played as any runtime is: an {@link ExternalRuntime} (its kills and restarts
 * through the user's commands), the scenario's load through the same driver, sticky router and session verifier,
 * and the same report. Nothing is read from the nodes, so what only they can tell (views, CPU, sessions held,
 * gravitations) is reported as not measured, and summary.json's {@code external} section says what was driven.
 */
public record ExternalCluster(ExternalTarget target, PrintStream out) implements PlayedRuntime<ExternalRuntime> {

    /** What a drill against an external cluster cannot measure, as summary.json's {@code external} lists it. */
    static final List<String> NOT_MEASURED = List.of("cluster (its settings are yours)",
            "nodes (CPU, sessions owned and backed up, replication counters)",
            "time to a new view and back in the view", "survivor CPU", "gravitations",
            "nodes that end with no fault ending them (no process of theirs to watch)");

    @Override
    public RuntimeCapabilities capabilities(ScenarioSpec spec) {
        return ExternalCapabilities.of(target);
    }

    @Override
    public String runName(String scenarioRun) {
        return scenarioRun + "-external";
    }

    @Override
    public String where(ScenarioSpec spec) {
        return " against " + String.join(" ", targets(target));
    }

    @Override
    public List<String> notes() {
        return List.of("the scenario's cluster and replication sections are not used: the cluster is yours");
    }

    /** Starts nothing: starting it asks every target once for the app's path. */
    @Override
    public ExternalRuntime create(ScenarioSpec spec, Path nodeLogs) {
        return new ExternalRuntime(target, line -> out.println("replsim: " + line));
    }

    @Override
    public LoadTarget loadTarget(ScenarioSpec spec, ExternalRuntime runtime) {
        return new LoadTarget(target.nodes(), target.path(), target.withAppsOf(spec.workload()).protocol());
    }

    @Override
    public Observation observe(ScenarioSpec spec, ExternalRuntime runtime) {
        return dir -> new ForeignCluster(external(target, spec), List.of());
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

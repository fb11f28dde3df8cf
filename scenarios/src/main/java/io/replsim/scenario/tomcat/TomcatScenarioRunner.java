package io.replsim.scenario.tomcat;

import io.replsim.scenario.runtime.SpecRefusal;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.loadgen.Load;
import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.scenario.external.ContentVerification;
import io.replsim.scenario.external.ProbeWorkload;
import io.replsim.scenario.report.ConsoleReport;
import io.replsim.scenario.report.InvalidRuns;
import io.replsim.scenario.report.RunReport;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.run.Run;
import io.replsim.scenario.run.RunDirectory;
import io.replsim.scenario.run.RunOutcome;
import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.spec.LoadSpec;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.spec.TomcatSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Plays a drill on a cluster of real Tomcat processes ({@code cluster.runtime: tomcat}): the members started one
 * after another, the scenario's load on the probe app's page for its workload through the same driver, sticky
 * router and verifier as replsim's own nodes (every answer's whole session state judged), played by the same
 * {@link Run} on the members as a runtime ({@link TomcatCluster}): its kills, stops, pauses and restarts done to the
 * processes, and the same report. What Tomcat does not tell replsim (views, per-fault
 * survivor CPU, gravitations) is reported as not measured; what its managers count (sessions, deltas) and each
 * member's CPU over the load are printed and kept in {@code nodes/<node>-tomcat.json}, read from the members
 * before and after the load.
 */
public final class TomcatScenarioRunner {

    static final List<String> NOT_MEASURED = List.of("time to a new view and back in the view (Tomcat's"
            + " membership is not read as views)", "survivor CPU", "gravitations",
            "replication messages and bytes (only DeltaManager's delta counts, in nodes/<node>-tomcat.json)");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path runsRoot;
    private final NodeLauncher launcher;
    private final PrintStream out;
    private final Duration progressEvery;
    private final InvalidRuns invalidRuns;
    private final Optional<Path> war;

    /** {@code war}: replsim-probe.war, or empty to {@link ProbeWar#locate() locate} it. */
    public TomcatScenarioRunner(Path runsRoot, NodeLauncher launcher, PrintStream out, Duration progressEvery,
                                InvalidRuns invalidRuns, Optional<Path> war) {
        this.runsRoot = runsRoot;
        this.launcher = launcher;
        this.out = out;
        this.progressEvery = progressEvery;
        this.invalidRuns = invalidRuns;
        this.war = war;
    }

    /** The drill's outcome and, for a cross-check, the driver's result itself. */
    public record Played(RunOutcome outcome, LoadResult result, Path nodeLogs) {
    }

    /** @throws ClusterStartException when a member did not start or the members did not see each other */
    public Played run(ScenarioSpec spec, Path specFile) throws IOException, InterruptedException,
            ClusterStartException {
        TomcatSpec tomcat = spec.tomcat().orElseThrow(() -> new IllegalArgumentException(
                "cluster.runtime is not tomcat"));
        List<SpecRefusal> refusals = TomcatCapabilities.OF_TOMCAT.refusals(spec);
        if (!refusals.isEmpty()) {
            throw new IllegalArgumentException("this drill cannot run on a Tomcat cluster: " + refusals);
        }
        Path probe = war.orElseGet(ProbeWar::locate);
        String path = ProbeWorkload.pathFor(spec.workload());
        RunDirectory dir = RunDirectory.create(runsRoot, spec.name(), LocalDateTime.now());
        dir.copySpec(specFile);
        out.println("replsim: scenario " + spec.name() + " on " + spec.cluster().nodes() + " Tomcat members ("
                + describe(tomcat) + "), page " + path + ", run directory " + dir.root());
        long wallStart = System.nanoTime();
        Instant startedAt = Instant.now();
        LoadSpec load = spec.load();
        // Tomcat's manager cannot say a session expired: the driver's clock judges (docs/drills.md, "Verdicts").
        TargetProtocol protocol = TargetProtocol.replsim(spec.sessionShapes().judgedByIdleTime());
        Run.Played played;
        Map<String, TomcatNodeFigures> figuresByNode = new LinkedHashMap<>();
        RunSummary.External external;
        try (TomcatCluster cluster = new TomcatCluster(spec.cluster(), tomcat, probe, dir.nodes(), launcher, out)) {
            cluster.start();
            Map<String, TomcatStatus> first = new LinkedHashMap<>();
            for (String node : cluster.up()) {
                cluster.status(node).ifPresent(status -> first.put(node, status));
            }
            LoadProfile profile = load.toProfile(path).withProtocol(protocol);
            try (Load driver = new LoadDriver(profile, cluster.endpoints(), dir.latencyLog())) {
                played = new Run(spec, cluster, users -> new TomcatNemesis(cluster, users, load.users()), dir, out,
                        progressEvery).play(driver, startedAt, wallStart, 0);
            }
            for (String node : cluster.up()) {
                Optional<TomcatStatus> status = cluster.status(node);
                if (status.isPresent()) {
                    TomcatNodeFigures figures = TomcatNodeFigures.of(status.get(),
                            Optional.ofNullable(first.get(node)));
                    figuresByNode.put(node, figures);
                    Files.writeString(dir.nodes().resolve(node + "-tomcat.json"),
                            JSON.writerWithDefaultPrettyPrinter().writeValueAsString(figures));
                }
            }
            external = new RunSummary.External(cluster.endpoints().stream()
                    .map(node -> node.name() + "=" + node.baseUri()).toList(), path, protocol.cookieName(), "json",
                    "SIGKILL of the member's Tomcat process (cluster.runtime tomcat, " + describe(tomcat) + ")",
                    "a fresh Tomcat process with the member's name and ports", NOT_MEASURED,
                    ContentVerification.of(protocol, path));
        }
        RunSummary summary = RunReport.write(played.record(), external, invalidRuns);
        new ConsoleReport(out).print(summary);
        figuresByNode.values().forEach(figures -> out.println(figures.line()));
        return new Played(new RunOutcome(summary, dir.root()), played.record().load(), dir.nodes());
    }

    /** As the report says it: {@code DeltaManager, async (channelSendOptions 8)}. */
    static String describe(TomcatSpec tomcat) {
        String manager = switch (tomcat.manager()) {
            case DELTA -> "DeltaManager";
            case BACKUP -> "BackupManager";
        };
        String options = switch (tomcat.replication()) {
            case SYNC -> "channelSendOptions 6";
            case ASYNC -> "channelSendOptions 8";
        };
        return manager + ", " + tomcat.replication().label() + " (" + options + ")";
    }
}

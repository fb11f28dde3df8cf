package io.replsim.scenario.run;

import static org.awaitility.Awaitility.await;

import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeImage;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeFactory;
import io.replsim.scenario.spec.LoadSpec;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The cluster of a scenario written to {@code <dir>/<name>.yaml}, its node processes started (logs in
 * {@code <dir>/nodes}) and in one view, for a test that drives the load and the faults itself; closing it stops
 * every node. What the runtime printed is kept for the test's failure messages.
 */
public record StartedCluster(ScenarioSpec spec, ClusterRuntime runtime, ByteArrayOutputStream printed)
        implements AutoCloseable {

    public static StartedCluster start(Path dir, String name, String yaml) throws Exception {
        ScenarioSpec spec = ScenarioLoader.load(Files.writeString(dir.resolve(name + ".yaml"), yaml));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        ClusterRuntime runtime = RuntimeFactory.standard(NodeLauncher.currentJvm(), NodeImage::ofThisInstallation,
                new PrintStream(printed, true, StandardCharsets.UTF_8)).create(spec,
                Files.createDirectory(dir.resolve("nodes")));
        try {
            runtime.start(ClusterRuntime.START_DEADLINE);
        } catch (Exception | Error e) {
            runtime.close();
            throw e;
        }
        return new StartedCluster(spec, runtime, printed);
    }

    public List<NodeEndpoint> endpoints() {
        return runtime.nodes().stream().map(node -> new NodeEndpoint(node.name(), node.httpUri())).toList();
    }

    /** A closed-model driver of the scenario's own load against every node (not started yet). */
    public LoadDriver driver() {
        return driver(spec.load());
    }

    /** A closed-model driver of {@code load} with this scenario's sessions against every node (not started yet). */
    public LoadDriver driver(LoadSpec load) {
        return new LoadDriver(load.toProfile(spec.workload().app().path())
                .toBuilder().protocol(TargetProtocol.replsim(spec.sessionShapes())).build(), endpoints(), null);
    }

    /** The node's stats; an admin request that times out on a loaded machine is asked again. */
    public NodeStatsReport statsOf(String node) {
        return await().atMost(Duration.ofSeconds(20)).ignoreExceptionsInstanceOf(IOException.class)
                .until(() -> runtime.admin(node).stats(), stats -> true);
    }

    /** What the runtime printed so far (the nodes it started, their logs, the view). */
    public String console() {
        return printed.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        runtime.close();
    }
}

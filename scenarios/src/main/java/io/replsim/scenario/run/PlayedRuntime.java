package io.replsim.scenario.run;

import io.replsim.scenario.report.ForeignCluster;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeImage;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeCapabilities;
import io.replsim.scenario.runtime.RuntimeFactory;
import io.replsim.scenario.runtime.external.ExternalTarget;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A kind of runtime as the one entry ({@link ScenarioRunner}) plays a scenario on it: what it cannot play, the
 * runtime it makes, how its run is named and announced, where the load goes, and what the report adds of a cluster
 * that is not replsim's own. replsim's own nodes ({@link OwnNodes}), a cluster replsim does not run
 * ({@link ExternalCluster}) and Tomcat members ({@link TomcatMembers}).
 *
 * @param <R> the runtime it makes, as its load target and its observation need it
 */
public sealed interface PlayedRuntime<R extends ClusterRuntime> permits OwnNodes, ExternalCluster, TomcatMembers {

    /**
     * The one place a scenario's runtime is chosen: the cluster named with {@code --target} ({@code target}), else
     * Tomcat members for {@code cluster.runtime: tomcat}, else replsim's own node processes (started with
     * {@code launcher}) or containers. Nothing is made or started until the runtime is played.
     */
    static PlayedRuntime<?> of(ScenarioSpec spec, Optional<ExternalTarget> target, NodeLauncher launcher,
                               PrintStream out) {
        if (target.isPresent()) {
            if (spec.tomcat().isPresent()) {
                throw new IllegalArgumentException("--target drives a cluster you run; " + spec.name() + " has"
                        + " cluster.runtime tomcat, whose Tomcat members replsim starts itself: give one of them");
            }
            return new ExternalCluster(target.get(), out);
        }
        if (spec.tomcat().isPresent()) {
            return new TomcatMembers(launcher, out, Optional.empty());
        }
        return ownNodes(RuntimeFactory.standard(launcher, NodeImage::ofThisInstallation, out));
    }

    /** replsim's own nodes as {@code runtimes} makes them (a test's nodes in its JVM, processes of its own). */
    static PlayedRuntime<ClusterRuntime> ownNodes(RuntimeFactory runtimes) {
        return new OwnNodes(runtimes);
    }

    /** What this runtime cannot do, as it refuses {@code spec}'s needs. */
    RuntimeCapabilities capabilities(ScenarioSpec spec);

    /** The run directory's name for the scenario's run {@code scenarioRun}: as it is, or with the runtime's suffix. */
    default String runName(String scenarioRun) {
        return scenarioRun;
    }

    /** Where the run plays, as the console's first line says it after the scenario's name; empty for its own. */
    default String where(ScenarioSpec spec) {
        return "";
    }

    /** What the console says next, a line each: what of the scenario is not used there. */
    default List<String> notes() {
        return List.of();
    }

    /** The runtime, not started; its nodes' logs (where it has any) go to {@code nodeLogs}. */
    R create(ScenarioSpec spec, Path nodeLogs) throws IOException;

    /** Where the load goes on the started {@code runtime}. */
    LoadTarget loadTarget(ScenarioSpec spec, R runtime);

    /** Starts reading what the report adds of the started {@code runtime}, before the load. */
    default Observation observe(ScenarioSpec spec, R runtime) throws IOException, InterruptedException {
        return dir -> ForeignCluster.OWN_NODES;
    }

    /** What the report adds of a cluster, read once the load is over and before the runtime stops. */
    @FunctionalInterface
    interface Observation {
        ForeignCluster end(RunDirectory dir) throws IOException, InterruptedException;
    }
}

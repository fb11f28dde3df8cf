package io.replsim.scenario.run;

import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.DockerRuntime;
import io.replsim.scenario.runtime.ProcessRuntime;
import io.replsim.scenario.runtime.RuntimeCapabilities;
import io.replsim.scenario.runtime.RuntimeFactory;
import io.replsim.scenario.spec.ScenarioSpec;
import java.nio.file.Path;

/**
 * replsim's own nodes, made by {@code runtimes} (processes, containers, or a test's nodes in its JVM), reached with
 * their admin API.
 */
record OwnNodes(RuntimeFactory runtimes) implements PlayedRuntime<ClusterRuntime> {

    /** A process or a container can do all a scenario asks; nodes in one JVM refuse the rest when made. */
    @Override
    public RuntimeCapabilities capabilities(ScenarioSpec spec) {
        return switch (spec.cluster().runtime()) {
            case PROCESS -> ProcessRuntime.CAPABILITIES;
            case DOCKER -> DockerRuntime.CAPABILITIES;
            case TOMCAT -> throw new IllegalArgumentException("cluster.runtime: tomcat is played on TomcatMembers");
        };
    }

    @Override
    public ClusterRuntime create(ScenarioSpec spec, Path nodeLogs) {
        return runtimes.create(spec, nodeLogs);
    }

    @Override
    public LoadTarget loadTarget(ScenarioSpec spec, ClusterRuntime runtime) {
        return LoadTarget.ofNodes(spec, runtime.nodes());
    }
}

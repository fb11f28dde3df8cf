package io.replsim.scenario.run;

import io.replsim.scenario.fault.Nemesis;
import io.replsim.scenario.fault.UserNodes;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.DockerRuntime;
import io.replsim.scenario.runtime.ProcessRuntime;
import io.replsim.scenario.runtime.RuntimeCapabilities;
import io.replsim.scenario.runtime.RuntimeFactory;
import io.replsim.scenario.spec.ScenarioSpec;
import java.nio.file.Path;
import java.util.function.BiFunction;

/**
 * replsim's own nodes, made by {@code runtimes} (processes, containers, or a test's nodes in its JVM), reached with
 * their admin API; {@code nemeses} applies the faults (the runtime's nemesis, or a test's that holds one back).
 */
record OwnNodes(RuntimeFactory runtimes, BiFunction<ClusterRuntime, UserNodes, Nemesis> nemeses)
        implements PlayedRuntime<ClusterRuntime> {

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

    @Override
    public Nemesis nemesis(ScenarioSpec spec, ClusterRuntime runtime, UserNodes serving) {
        return nemeses.apply(runtime, serving);
    }
}

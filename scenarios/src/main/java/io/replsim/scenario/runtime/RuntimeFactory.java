package io.replsim.scenario.runtime;

import io.replsim.scenario.spec.ScenarioSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.function.Supplier;

/** Makes the runtime a scenario asks for; the one place a {@code cluster.runtime} becomes a runtime. */
@FunctionalInterface
public interface RuntimeFactory {

    ClusterRuntime create(ScenarioSpec spec, Path nodeLogs);

    /** Processes started with {@code launcher}; containers from {@code image}, asked for only when needed. */
    static RuntimeFactory standard(NodeLauncher launcher, Supplier<NodeImage> image, PrintStream out) {
        return (spec, nodeLogs) -> switch (spec.cluster().runtime()) {
            case PROCESS -> new ProcessRuntime(spec.cluster(), spec.replication(), spec.workload(), nodeLogs,
                    launcher, out);
            case DOCKER -> new DockerRuntime(spec.cluster(), spec.replication(), spec.workload(), nodeLogs,
                    image.get(), launcher.compiler(), out);
            case TOMCAT -> throw new IllegalArgumentException("cluster.runtime: tomcat runs with replsim run (a"
                    + " drill), not as replsim's own nodes: the capacity search and soak need replsim's admin API");
        };
    }
}

package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.report.NodeFigure;
import io.replsim.scenario.report.NodeFigures;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node in a container with a quarter of a core reports its CPU against that quota: kept busy by users that do
 * not think, it uses 60–105% of its quarter core, not a share of the machine's cores. At least 60%: it is busy
 * throughout, but its mean runs from before the ramp-up and the 2 cores are shared with the driver. At most 105%,
 * that is never more than the quota: the kernel lets the container run a quarter of each 100 ms period and no more,
 * the node's CPU clock and monotonic clock are read together (one period more at the edges of a 15 s run is 0.7%),
 * and the JVM is only part of what the container's quota covers.
 */
class DockerCpuQuotaIT {
    private static final double QUOTA = 0.25;
    private static final String SCENARIO = """
            name: docker-cpu-quota
            cluster:
              runtime: docker
              nodes: 1
              workers: 8
              cpuBudget: %s
              heap: 128m
            workload:
              app: counter
              payload: 32KB
            load:
              users: 24
              thinkTime: 1ms
              rampUp: 1s
              duration: 15s
              requestTimeout: 10s
            """.formatted(QUOTA);

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void aBusyNodeUsesAboutAllOfItsQuotaAndNoMore(@TempDir Path dir) throws Exception {
        DockerScenarioRun run = DockerScenarioRun.of(dir, "docker-cpu-quota", SCENARIO);
        NodeFigures node = run.outcome().summary().nodes().getFirst();

        assertThat(node.get(NodeFigure.CPU_UTILIZATION)).as("share of the %s-core quota used\n%s", QUOTA, run.printed())
                .isBetween(0.6, 1.05);
        assertThat(node.get(NodeFigure.CPU_USED_CORES))
                .as("cores used under a %s-core quota on a 2-core machine", QUOTA)
                .isLessThanOrEqualTo(QUOTA * 1.05);
        DockerScenarioRun.assertNothingLeftBehind();
    }
}

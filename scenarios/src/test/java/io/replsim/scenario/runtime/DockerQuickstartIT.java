package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.report.NodeFigure;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.run.RunOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quickstart, shortened, in containers: one node per container with a CPU quota, a docker kill of the primary
 * of the most sessions. Run by {@code ./replsim test containers} (the Maven profile {@code containers}); it needs a
 * Docker engine, which {@code docker/install-engine.sh} provides.
 */
class DockerQuickstartIT {
    private static final String SCENARIO = """
            name: docker-short
            cluster:
              runtime: docker
              nodes: 3
              workers: 8
              cpuBudget: 0.66
              heap: 128m
            load:
              users: 20
              thinkTime: 300ms
              rampUp: 2s
              duration: 20s
            faults:
              - type: kill
                at: 10s
                target: primary-of-most
            checks:
              maxSessionsLost: 0
              maxSessionsStale: 0
            """;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aDockerKillOfThePrimaryLosesNoSessionAndLeavesNoContainer(@TempDir Path dir) throws Exception {
        DockerScenarioRun run = DockerScenarioRun.of(dir, "docker-short", SCENARIO);
        RunOutcome outcome = run.outcome();
        String printed = run.printed();
        RunSummary summary = outcome.summary();

        assertThat(summary.requests().total()).as(printed).isGreaterThan(300);
        assertThat(summary.sessions().lost()).as(printed).isZero();
        assertThat(summary.sessions().stale()).as(printed).isZero();
        FaultReport kill = summary.faults().getFirst();
        assertThat(kill.viewChangeMs()).as(printed).isNotNull();
        assertThat(kill.recoveredUsers()).as(printed).isEqualTo(kill.affectedUsers());
        assertThat(summary.nodes()).as("CPU is reported against each container's quota")
                .allSatisfy(node -> assertThat(node.get(NodeFigure.CPU_UTILIZATION)).isBetween(0.0, 1.5));

        // the suite's node JVMs run on C1 alone (NodeCompiler), in containers through JAVA_TOOL_OPTIONS
        assertThat(Files.readString(outcome.directory().resolve("nodes").resolve("node1.log")))
                .contains("Picked up JAVA_TOOL_OPTIONS").contains("-XX:TieredStopAtLevel=1");

        DockerScenarioRun.assertNothingLeftBehind();
    }
}

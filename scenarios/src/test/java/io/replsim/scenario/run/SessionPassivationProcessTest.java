package io.replsim.scenario.run;

import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.NodeFigure;
import io.replsim.scenario.report.RunSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code replication.maxActiveSessions} with real node processes: four users per node and room for two sessions
 * in each node's memory, so every node keeps writing its least recently used sessions to its file store and
 * reading them back for the next request; every session stays whole.
 */
@ExtendWith(NoNodeProcessLeft.class)
class SessionPassivationProcessTest {

    private static final String PASSIVATING = """
            name: passivating
            cluster: {nodes: 3, workers: 8, cpuBudget: 0.66, heap: 128m}
            replication: {placement: all, maxActiveSessions: 2}
            workload: {app: counter, payload: 1KB}
            load: {users: 12, thinkTime: 300ms, rampUp: 1s, duration: 12s, requestTimeout: 10s}
            checks:
              maxSessionsLost: 0
              maxSessionsStale: 0
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void usersCyclingThroughMoreSessionsThanANodeKeepsAreActivatedWholeAndNoneIsLost(@TempDir Path dir)
            throws Exception {
        PlayedScenario played = PlayedScenario.play(dir, "passivating", PASSIVATING);
        RunOutcome outcome = played.outcome();
        RunSummary summary = played.summary();
        String printed = played.console();

        assertThat(summary.sessions()).as(printed).isEqualTo(new RunSummary.Verdicts(12, 0, 0, 0, 0, 0));
        assertThat(outcome.passed()).as(printed).isTrue();
        assertThat(summary.nodes().stream().mapToLong(node -> node.get(NodeFigure.PASSIVATIONS)).sum()).as(printed)
                .isPositive();
        assertThat(summary.nodes().stream().mapToLong(node -> node.get(NodeFigure.ACTIVATIONS)).sum()).as(printed)
                .isGreaterThan(12);
        assertThat(printed).contains("passivated ").contains(" 0 LOST   ").contains(" 0 EXPIRED   ");
        assertThat(Path.of(summary.runDirectory()).resolve("nodes").resolve("node1-passivated")).isDirectory();
    }
}

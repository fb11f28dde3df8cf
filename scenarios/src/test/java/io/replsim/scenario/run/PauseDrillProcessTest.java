package io.replsim.scenario.run;

import static io.replsim.scenario.SummaryJsonAssertions.measured;
import static io.replsim.scenario.SummaryJsonAssertions.measuredNumber;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.NoNodeProcessLeft;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pause drill end to end, shortened: three node JVMs, the busiest one SIGSTOPped for 5 s under load. The others
 * must notice, its users must be served elsewhere without losing a session, and the node must merge back after
 * SIGCONT; summary.json and events.jsonl must say all of it.
 */
@ExtendWith(NoNodeProcessLeft.class)
class PauseDrillProcessTest {
    private static final String SCENARIO = """
            name: pause-short
            cluster: {nodes: 3, workers: 8, cpuBudget: 0.66, heap: 128m}
            replication: {placement: all, granularity: session, delivery: sync, syncTimeout: 2s}
            workload: {payload: 4KB}
            load: {users: 24, thinkTime: 300ms, rampUp: 2s, duration: 22s, requestTimeout: 3s}
            faults:
              - {type: pause, at: 5s, target: primary-of-most, for: 5s}
            checks:
              maxSessionsLost: 0
              maxMergeAfterHeal: 15s
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aPausedPrimaryIsDetectedItsUsersFailOverAndItMergesBackAfterTheResume(@TempDir Path dir) throws Exception {
        // the pause waits (at most 3 s) until every user has its session, so the frozen node has users to move
        PlayedScenario played = PlayedScenario.playOnceUsersAreServed(dir, "pause-short", SCENARIO, 2,
                Duration.ofSeconds(3));
        RunSummary summary = played.summary();
        String printed = played.console();

        assertThat(summary.sessions().lost()).as(printed).isZero();
        FaultReport pause = summary.faults().stream().filter(fault -> fault.type().equals("pause"))
                .findFirst().orElseThrow(() -> new AssertionError("no pause in\n" + printed));
        assertThat(summary.faults()).as(printed).hasSize(1);
        // resumed after its 5 s, not before; on a busy machine the resume comes late (7.2 s seen at load 8.8), so
        // the upper bound only says it came from the fault's own timer, not from the run's end 17 s after the pause
        assertThat(pause.healedAtMs() - pause.atMs()).as("resumed after its for").isBetween(4_900L, 16_000L);
        assertThat(pause.viewChangeMs()).as("the others suspected the frozen node\n" + printed).isNotNull();
        assertThat(pause.backInViewMs()).as("it merged back after SIGCONT\n" + printed).isNotNull()
                .isGreaterThan(pause.healedAtMs() - pause.atMs());
        assertThat(pause.affectedUsers()).as(printed).isPositive();
        assertThat(pause.unrecoveredUsers()).as(printed).isZero();
        assertThat(pause.impact()).isNotNull();
        assertThat(pause.impact().windowToMs()).as("the window reaches 5 s past the heal")
                .isGreaterThanOrEqualTo(pause.healedAtMs() + 5_000);
        assertThat(pause.impact().survivorCpu()).extracting(cpu -> cpu.node()).doesNotContain(pause.node());
        assertThat(played.passed()).as(printed).isTrue();

        List<String> events = Files.readAllLines(played.directory().resolve("events.jsonl"));
        assertThat(events).hasSize(2);
        assertThat(events.get(0)).contains("\"START\"", "\"pause\"", pause.node());
        assertThat(events.get(1)).contains("\"HEAL\"", "at the end of its for");
        JsonNode json = new ObjectMapper().readTree(played.directory().resolve("summary.json").toFile());
        for (String field : List.of("/faults/0/healedAtMs", "/faults/0/backInViewMs", "/faults/0/failoverMsP90",
                "/faults/0/impact/errors", "/faults/0/impact/throughputDip", "/faults/0/impact/p99WindowMs",
                "/faults/0/impact/p90BackUnderBoundAfterMs", "/faults/0/impact/cpuCeiling",
                "/faults/0/impact/survivorCpu/0/utilizationAfter")) {
            measuredNumber(json, field);
        }
        assertThat(measured(json, "/faults/0/impact/p90NeverBackUnderBound").asBoolean()).isFalse();
    }
}

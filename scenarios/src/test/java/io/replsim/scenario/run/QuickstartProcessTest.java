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
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quickstart, shortened: three node JVMs, load through the sticky router, a real SIGKILL of the primary of
 * the most sessions. Synchronous full replication must lose nothing and serve nothing stale.
 */
@ExtendWith(NoNodeProcessLeft.class)
class QuickstartProcessTest {
    private static final String SCENARIO = """
            name: quickstart-short
            cluster:
              nodes: 3
              workers: 8
              cpuBudget: 0.66
              heap: 128m
            replication:
              placement: all
              granularity: session
              delivery: sync
            workload:
              payload: 4KB
            load:
              users: 30
              thinkTime: 200ms
              rampUp: 2s
              duration: 16s
            faults:
              - type: kill
                at: 8s
                target: primary-of-most
            checks:
              maxSessionsLost: 0
              maxSessionsStale: 0
            """;

    @Test
    @Timeout(value = 3, unit = java.util.concurrent.TimeUnit.MINUTES)
    void syncFullReplicationLosesNoSessionWhenThePrimaryIsKilled(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.play(dir, "quickstart-short", SCENARIO);
        RunSummary summary = played.summary();
        String printed = played.console();

        assertThat(summary.requests().total()).as(printed).isGreaterThan(500);
        assertThat(summary.sessions().lost()).as(printed).isZero();
        assertThat(summary.sessions().stale()).as(printed).isZero();
        assertThat(summary.sessions().ok()).as(printed).isGreaterThanOrEqualTo(30);

        assertThat(summary.faults()).as(printed).hasSize(1);
        FaultReport kill = summary.faults().getFirst();
        assertThat(kill.type()).isEqualTo("kill");
        assertThat(summary.nodes()).filteredOn(node -> node.name().equals(kill.node()))
                .singleElement().satisfies(node -> assertThat(node.alive()).isFalse());
        assertThat(kill.affectedUsers()).as("the primary of the most sessions served someone").isPositive();
        assertThat(kill.recoveredUsers()).as(printed).isEqualTo(kill.affectedUsers());
        assertThat(kill.viewChangeMs()).as("both survivors installed a view without the killed node").isNotNull();
        assertThat(kill.survivors()).hasSize(2);
        assertThat(played.passed()).as(printed).isTrue();
        assertThat(printed).as("the killed node's users moved: the others are its survivors")
                .contains("survivor CPU after failover").doesNotContain("the other nodes' CPU during the fault");

        Path runDir = played.directory();
        JsonNode json = new ObjectMapper().readTree(runDir.resolve("summary.json").toFile());
        for (String field : List.of("/sessions/ok", "/sessions/stale", "/sessions/lost", "/requests/total",
                "/requests/errors", "/latencyMs/p50", "/latencyMs/p90", "/latencyMs/p99", "/latencyMs/max",
                "/throughputPerSec", "/faults/0/atMs", "/faults/0/viewChangeMs", "/faults/0/failoverMs",
                "/faults/0/attributed/sessionsLost", "/faults/0/attributed/sessionsStale",
                "/faults/0/attributed/gravitations")) {
            measuredNumber(json, field);
        }
        assertThat(measured(json, "/faults/0/type").asText()).isEqualTo("kill");
        assertThat(measured(json, "/faults/0/node").asText()).isEqualTo(kill.node());
        assertThat(json.at("/cluster/engine").asText()).isEqualTo("jgroups");
        // Full replication: every live node marshalled its own sessions' updates, and holds copies whenever another
        // live node owns sessions (after the kill a survivor may have taken over every user, leaving nothing to back
        // up).
        long ownedByLive = 0;
        for (JsonNode node : json.at("/nodes")) {
            if (node.get("alive").asBoolean()) {
                ownedByLive += node.get("sessionsOwned").asLong();
            }
        }
        for (JsonNode node : json.at("/nodes")) {
            if (node.get("alive").asBoolean()) {
                assertThat(node.get("marshalledBytes").asLong()).as("marshalledBytes of " + node).isPositive();
                assertThat(node.get("marshalMicrosTotal").asLong()).as("marshalMicrosTotal of " + node).isPositive();
                boolean othersOwnSessions = ownedByLive > node.get("sessionsOwned").asLong();
                assertThat(node.get("backupBytes").asLong() > 0).as("backupBytes of " + node).isEqualTo(othersOwnSessions);
                measuredNumber(node, "/gravitations");
                // every replication message takes a direct stream, 4 KB sessions included
                assertThat(node.get("replicationMessagesStreamed").asLong()).as("streamed by " + node).isPositive();
            }
        }
        assertThat(runDir.resolve("scenario.yaml")).exists();
        assertThat(runDir.resolve("latency.hlog")).isNotEmptyFile();
        assertThat(Files.readString(runDir.resolve("events.jsonl"))).contains("\"kill\"", kill.node());
        // the kill's window: none of its users' sessions lost; every survivor held a copy, so none was fetched
        assertThat(kill.attributed().sessionsLost()).isZero();
        assertThat(kill.attributed().gravitations()).as(printed).isZero();
        assertThat(Files.readString(runDir.resolve("report.html")))
                .contains("<rect class=\"fault\"", "kill " + kill.node() + " (primary-of-most)");
        assertThat(runDir.resolve("heap.json")).isNotEmptyFile();
        for (String node : List.of("node1", "node2", "node3")) {
            assertThat(runDir.resolve("nodes").resolve(node + ".log")).isNotEmptyFile();
        }
    }
}

package io.replsim.scenario.run;

import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.report.RunSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A lossy link with real node processes: node2 drops 30% of the cluster messages node1 sends it, one direction
 * only, for 8 s. JGroups retransmits what was dropped, so sync replication still completes: nobody is suspected,
 * no session is lost, and the report lists the fault with its loss.
 */
@ExtendWith(NoNodeProcessLeft.class)
class DiscardDrill {
    private static final String LOSSY = """
            name: lossy-link
            cluster: {nodes: 3, workers: 8, cpuBudget: 0.66, heap: 128m}
            replication: {placement: all, granularity: session, delivery: sync, syncTimeout: 2s}
            workload: {app: counter, payload: 2KB}
            load: {users: 18, thinkTime: 200ms, rampUp: 2s, duration: 18s, requestTimeout: 3s}
            faults:
              - {type: discard, at: 5s, target: node2, sender: node1, probability: 0.3, for: 8s}
            checks:
              maxSessionsLost: 0
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void syncReplicationCompletesThroughA30PercentOneWayLossAndTheReportListsIt(@TempDir Path dir)
            throws Exception {
        PlayedScenario played = PlayedScenario.play(dir, "lossy-link", LOSSY);
        RunOutcome outcome = played.outcome();
        RunSummary summary = played.summary();
        String printed = played.console();

        assertThat(summary.faults()).as(printed).hasSize(1);
        FaultReport discard = summary.faults().getFirst();
        assertThat(discard.type()).isEqualTo("discard");
        assertThat(discard.node()).isEqualTo("node2");
        assertThat(discard.detail()).isEqualTo("30% of the messages from node1 dropped");
        // the lossy link's own count, read through node2's admin API before its heal
        assertThat(discard.confirmed()).as(printed).isTrue();
        assertThat(discard.evidence().seen()).containsPattern("at its heal: node2's lossy link dropped [1-9]\\d*"
                + " messages");
        assertThat(discard.healedAtMs() - discard.atMs()).as("healed after its for").isGreaterThanOrEqualTo(7_900L);
        assertThat(discard.viewChangeMs()).as("a lossy link is retransmitted over, nobody is suspected\n" + printed)
                .isNull();
        assertThat(summary.sessions().lost()).as(printed).isZero();
        assertThat(summary.nodes()).as(printed).allSatisfy(node -> assertThat(node.alive()).isTrue());
        assertThat(printed).contains("discard", "30% of the messages from node1 dropped");
        assertThat(printed).as("nobody failed over: no survivors, no even-spread prediction")
                .contains("the other nodes' CPU during the fault").doesNotContain("survivor CPU after failover");
        List<String> events = Files.readAllLines(outcome.directory().resolve("events.jsonl"));
        assertThat(events).hasSize(2);
        assertThat(events.get(1)).contains("\"HEAL\"");
    }
}

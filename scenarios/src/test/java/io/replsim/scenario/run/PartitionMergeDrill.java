package io.replsim.scenario.run;

import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.FaultReport;
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
 * Split brain with real node processes: a non-sticky balancer sends every request to the next node in turn, so
 * while node1 is partitioned away both sides serve (and own) the same sessions. Once the partition heals and MERGE3
 * joins the views, the newest copy of each session wins on every holder, each conflict is counted on the node that
 * lost it, and no STALE answer comes after the nodes are back in every survivor's view.
 */
@ExtendWith(NoNodeProcessLeft.class)
class PartitionMergeDrill {
    private static final String SPLIT_BRAIN = """
            name: split-brain
            cluster: {nodes: 3, workers: 8, cpuBudget: 0.66, heap: 128m}
            replication: {placement: all, granularity: session, delivery: sync, syncTimeout: 2s}
            workload: {app: counter, payload: 1KB}
            balancer: {sticky: false}
            load: {users: 12, thinkTime: 200ms, rampUp: 2s, duration: 28s, requestTimeout: 3s}
            faults:
              - {type: partition, at: 6s, target: node1, for: 8s}
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void afterTheMergeTheNewestCopyWinsEveryConflictIsCountedAndNothingStaleIsServed(@TempDir Path dir)
            throws Exception {
        PlayedScenario played = PlayedScenario.play(dir, "split-brain", SPLIT_BRAIN);
        RunSummary summary = played.summary();
        String printed = played.console();

        FaultReport partition = summary.faults().getFirst();
        // each side's DISCARD dropped the other side's messages, by its own count, with the views beside
        assertThat(partition.confirmed()).as(printed).isTrue();
        assertThat(partition.evidence().seen()).containsPattern("at its heal: .*node1's DISCARD dropped [1-9]")
                .containsPattern("node[23]'s DISCARD dropped [1-9]").contains(", view [");
        assertThat(partition.backInViewMs()).as("the views merged after the heal\n" + printed).isNotNull();
        long conflicts = summary.nodes().stream().mapToLong(node -> node.get(NodeFigure.OWNERSHIP_CONFLICTS)).sum();
        assertThat(conflicts).as("both sides served the users' sessions while split\n" + printed).isPositive();
        assertThat(printed).contains("ownership conflicts lost");
        assertThat(partition.attributed().staleAfterMerge()).as(printed).isZero();
        assertThat(printed).contains("after the nodes were back in every survivor's view: 0 STALE responses");
    }
}

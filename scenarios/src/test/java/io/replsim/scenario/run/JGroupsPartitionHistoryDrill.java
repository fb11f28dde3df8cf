package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.runtime.InJvmRuntime;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A counterpart of {@link InfinispanDenyReadWritesHistoryDrill}: the same steps on the jgroups engine, whose merge
 * settles split copies by version (docs/replication.md, "Split brain"). node1's append during the cut made node1's
 * copy the newest, so the merge keeps it everywhere; node1's read after the merge shows it, and the checker names no
 * lost update and nothing else a correct cluster does not show. So the lost update the deny-read-writes history gets
 * is the merge's doing, not the steps'.
 */
class JGroupsPartitionHistoryDrill {
    private static final String JGROUPS = InfinispanDenyReadWritesHistoryDrill.DENY_READ_WRITES
            .replace("infinispan-deny-read-writes-known-answer", "jgroups-partition-known-answer")
            .replace("engine: infinispan", "engine: jgroups")
            .replace("  partitionHandling: {whenSplit: deny-read-writes, mergePolicy: preferred-always}\n", "");

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void theAppendNode1AcknowledgedAloneIsKeptByTheMergeAndTheCheckerNamesNoAnomaly(@TempDir Path dir)
            throws Exception {
        assertThat(JGROUPS).contains("engine: jgroups").doesNotContain("partitionHandling");
        AppendAloneThenHealed.Played played = AppendAloneThenHealed.play(dir, JGROUPS, new MergeSettled());
        HistoryRequest cutOff = played.cutOffAppend();
        HistoryRequest read = played.readAfterMerge();
        String why = played.history();

        assertThat(read.read()).as("node1's read after the merge: node1's copy, the newest\n" + why)
                .hasValueSatisfying(list -> assertThat(list).contains(cutOff.appended().getAsLong()));
        assertThat(played.judged().anomalies()).as(why).isEmpty();
        System.out.println("kept\n" + cutOff.describe() + "\n" + read.describe());
    }

    /** Every member stamped a view of all three settled: its merge claims were answered (node stats). */
    static final class MergeSettled implements AppendAloneThenHealed.MergeWitness {
        @Override
        public boolean sidesSettled(InJvmRuntime runtime) {
            return true;
        }

        @Override
        public boolean mergeEnded(InJvmRuntime runtime) throws Exception {
            for (String node : List.of("node1", "node2", "node3")) {
                List<NodeStatsReport.PastView> views = runtime.admin(node).stats().viewHistory();
                if (views.stream().noneMatch(view -> view.members().size() == 3 && view.settledAtEpochMs() != null)) {
                    return false;
                }
            }
            return true;
        }
    }
}

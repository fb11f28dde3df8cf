package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.anomaly.Anomaly;
import io.replsim.loadgen.anomaly.AnomalyKind;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.replication.infinispan.InfinispanEngine;
import io.replsim.scenario.runtime.InJvmRuntime;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A known answer of the history checker (issue 29): the write deny-read-writes cannot refuse, an append node1
 * acknowledged alone in the detection window after it was cut off, lost at the merge (docs/replication.md, "What
 * deny-read-writes cannot refuse"), is named a lost update whose proof is exactly those two requests: the append and
 * node1's read of the session after the merge, which lacks it. Certain, not chance: nothing is sent for the session
 * from the cut's append until conflict resolution has ended on every member, so the resolution finds node1's copy
 * unlike the majority's and keeps the majority's (preferred-always). What the checker names when a merge keeps such a
 * write: {@link InfinispanDenyReadWritesKeptHistoryDrill} (node1 serves the session before the resolution reaches it)
 * and {@link JGroupsPartitionHistoryDrill} (the same steps on the jgroups engine).
 */
class InfinispanDenyReadWritesHistoryDrill {
    static final String DENY_READ_WRITES = """
            name: infinispan-deny-read-writes-known-answer
            cluster: {nodes: 3, workers: 4}
            replication:
              engine: infinispan
              placement: all
              granularity: session
              delivery: sync
              syncTimeout: 15s          # outlasts detection: node1's append waits for its view change
              partitionHandling: {whenSplit: deny-read-writes, mergePolicy: preferred-always}
            workload: {app: counter, payload: 1KB}
            load: {users: 1, thinkTime: 100ms, duration: 40s, requestTimeout: 20s, history: true}
            faults:
              - {type: partition, at: 1s, sides: [[node1], [node2, node3]], for: 10s}
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void theAppendNode1AcknowledgedAloneIsNamedALostUpdateProvedByItAndTheReadAfterTheMerge(@TempDir Path dir)
            throws Exception {
        AppendAloneThenHealed.Played played = AppendAloneThenHealed.play(dir, DENY_READ_WRITES,
                new ConflictsResolved());
        HistoryRequest cutOff = played.cutOffAppend();
        HistoryRequest read = played.readAfterMerge();
        String why = played.history();

        assertThat(read.read()).as("node1's read after the merge: the majority's copy\n" + why)
                .hasValueSatisfying(list -> assertThat(list).doesNotContain(cutOff.appended().getAsLong()));
        List<Anomaly> lost = played.judged().of(AnomalyKind.LOST_UPDATE);
        assertThat(lost).as(why).singleElement().satisfies(anomaly ->
                assertThat(anomaly.proof()).as(anomaly.why()).extracting(HistoryRequest::id)
                        .containsExactly(cutOff.id(), read.id()));
        assertThat(played.judged().illegal()).as(why).containsExactlyElementsOf(lost);
        System.out.println("lost update\n" + cutOff.describe() + "\n" + read.describe() + "\nwhy: "
                + lost.getFirst().why());
    }

    /**
     * Conflict resolution ended, from the members' sessions caches: each one's topology settled on all three members
     * (phase NO_REBALANCE), which the majority's reaches only after the merged topology's CONFLICT_RESOLUTION phase;
     * before the heal, the majority's settled on its two. Read from the engines in this JVM: an infinispan node's
     * stats stamp no merge settled (no {@code settledAtEpochMs}), and a request for the session would be the very
     * touch that keeps the write.
     */
    static final class ConflictsResolved implements AppendAloneThenHealed.MergeWitness {
        @Override
        public boolean sidesSettled(InJvmRuntime runtime) {
            return engine(runtime, "node2").ownershipSettled() && engine(runtime, "node3").ownershipSettled();
        }

        @Override
        public boolean mergeEnded(InJvmRuntime runtime) throws Exception {
            for (String node : List.of("node1", "node2", "node3")) {
                if (AppendAloneThenHealed.members(runtime, node).size() != 3 || !engine(runtime, node)
                        .ownershipSettled()) {
                    return false;
                }
            }
            return true;
        }

        private static InfinispanEngine engine(InJvmRuntime runtime, String node) {
            return (InfinispanEngine) runtime.node(node).replication();
        }
    }
}

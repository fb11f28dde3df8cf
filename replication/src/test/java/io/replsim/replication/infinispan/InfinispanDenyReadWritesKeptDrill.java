package io.replsim.replication.infinispan;

import static io.replsim.replication.infinispan.AcknowledgedAloneThenHealed.ATTEMPTS;
import static io.replsim.replication.infinispan.AcknowledgedAloneThenHealed.NODE1_REFUSED;
import static io.replsim.replication.infinispan.AcknowledgedAloneThenHealed.WINDOW_WRITE;
import static io.replsim.replication.infinispan.AcknowledgedAloneThenHealed.firstWriteNode1Serves;
import static io.replsim.replication.infinispan.AcknowledgedAloneThenHealed.healedAfterAWriteAcknowledgedAlone;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.VIEWS;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.side;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.replsim.replication.SessionId;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Deny-read-writes in the slow tier ({@code ./replsim test tomcat}): what decides whether the merge loses the write
 * node1 acknowledged alone ({@link InfinispanDenyReadWritesDrill} shows it lost).
 */
class InfinispanDenyReadWritesKeptDrill {
    /**
     * Why the process drill loses only some of those writes: Infinispan makes the merged cache available (topology
     * phase CONFLICT_RESOLUTION) before it resolves the copies, and resolves them segment by segment (0 to 255, a
     * round trip each). node1 reads its own copy until the resolution reaches the session's segment, so a request it
     * serves first reads the acknowledged write and writes the next state to every member: the copies then agree and
     * nothing is left to resolve. An attempt whose first request comes after the resolution reached the segment (it
     * reads the majority's copy) shows nothing and is played again.
     */
    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void aRequestNode1ServesAfterTheMergeBeforeTheResolutionReachesTheSessionKeepsTheAcknowledgedWrite()
            throws Exception {
        List<String> missed = new ArrayList<>();
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            try (PartitionedInfinispanCluster cluster = new PartitionedInfinispanCluster()) {
                Optional<SessionId> healed = healedAfterAWriteAcknowledgedAlone(cluster);
                if (healed.isEmpty()) {
                    missed.add("attempt " + attempt + ": " + NODE1_REFUSED);
                    continue;
                }
                SessionId id = healed.get();
                Map<String, Serializable> seen = firstWriteNode1Serves(cluster, id, "after the merge");
                if (!WINDOW_WRITE.equals(seen.get("side"))) {
                    missed.add("attempt " + attempt + ": node1's first request after the merge read " + seen);
                    continue;
                }
                // settled (phase NO_REBALANCE on every member) only once conflict resolution has ended
                await().atMost(VIEWS).until(() -> cluster.members().stream()
                        .allMatch(InfinispanEngine::ownershipSettled));
                for (InfinispanEngine member : cluster.members()) {
                    assertThat(side(member, id)).as(member.self() + "'s read once the merge has settled, conflicts"
                            + " resolved: node1's write built on its acknowledged one").contains("after the merge");
                }
                return;
            }
        }
        throw new AssertionError("no request node1 served after the merge read its acknowledged write: " + missed);
    }
}

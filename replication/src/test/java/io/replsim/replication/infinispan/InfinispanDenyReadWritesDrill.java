package io.replsim.replication.infinispan;

import static io.replsim.replication.infinispan.AcknowledgedAloneThenHealed.ATTEMPTS;
import static io.replsim.replication.infinispan.AcknowledgedAloneThenHealed.NODE1_REFUSED;
import static io.replsim.replication.infinispan.AcknowledgedAloneThenHealed.healedAfterAWriteAcknowledgedAlone;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.VIEWS;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.refused;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.side;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.replsim.replication.DegradedPartitionException;
import io.replsim.replication.SessionId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Deny-read-writes in the slow tier ({@code ./replsim test tomcat}): the write it cannot refuse, lost at the merge;
 * what keeps it instead is {@link InfinispanDenyReadWritesKeptDrill}. Classes of their own so the tier's test JVMs
 * play them beside each other and {@link InfinispanAllowReadsDrill} and {@link InfinispanPreferredNonNullDrill}.
 */
class InfinispanDenyReadWritesDrill {
    /**
     * What deny-read-writes cannot refuse: a write node1 started after the cut but before it saw its new view. It waits
     * for node2 and node3 (here a sync timeout longer than detection, so it cannot time out first); when node1's view
     * drops them, the write completes with node1's copy alone, acknowledged, and only then does node1 degrade. At the
     * merge preferred-always keeps the majority's copy, which never had that write: acknowledged, then lost. Data
     * Grid's guide, "Data consistency in a split cluster", "Between the split and detection". Deterministic because
     * nothing touches the session between the merge and the end of conflict resolution: the resolution finds node1's
     * copy different from the two the majority holds and keeps the primary owner's, one of the majority's.
     */
    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void underDenyReadWritesAWriteTheMinorityAcknowledgedBeforeItDegradedIsLostAtTheMerge() throws Exception {
        List<String> refusals = new ArrayList<>();
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            try (PartitionedInfinispanCluster cluster = new PartitionedInfinispanCluster()) {
                Optional<SessionId> healed = healedAfterAWriteAcknowledgedAlone(cluster);
                if (healed.isEmpty()) {
                    refusals.add("attempt " + attempt + ": " + NODE1_REFUSED);
                    continue;
                }
                SessionId id = healed.get();
                // node1 stays degraded until the merge has settled: its reads refused until then are no verdict
                await().atMost(VIEWS).ignoreExceptionsInstanceOf(DegradedPartitionException.class).untilAsserted(() -> {
                    for (InfinispanEngine member : cluster.members()) {
                        assertThat(side(member, id)).as(member.self() + "'s read").contains("before");
                    }
                });
                return;
            }
        }
        throw new AssertionError("no write of " + ATTEMPTS + " landed in the detection window, so no loss could be"
                + " shown: " + refusals);
    }
}

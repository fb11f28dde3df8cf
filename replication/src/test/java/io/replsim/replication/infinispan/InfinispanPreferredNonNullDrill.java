package io.replsim.replication.infinispan;

import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.VIEWS;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.create;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.side;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.replsim.replication.PartitionHandlingSpec;
import io.replsim.replication.PartitionMergePolicy;
import io.replsim.replication.PartitionWhenSplit;
import io.replsim.replication.SessionId;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Preferred-non-null in the slow tier ({@code ./replsim test tomcat}: about 15 s for three members to split and
 * merge): the majority's copy wins where it has one, and the minority keeps what only it holds. Beside
 * {@link InfinispanAllowReadsDrill} and {@link InfinispanDenyReadWritesDrill}; the defaults' counterparts are in
 * {@link InfinispanPartitionHandlingTest}.
 */
class InfinispanPreferredNonNullDrill {
    private final PartitionedInfinispanCluster cluster = new PartitionedInfinispanCluster();

    @AfterEach
    void stop() {
        cluster.close();
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void underPreferredNonNullTheMajorityWinsWhereItHasACopyAndTheMinorityKeepsWhatOnlyItHas() throws Exception {
        cluster.start(new PartitionHandlingSpec(PartitionWhenSplit.ALLOW_READ_WRITES,
                PartitionMergePolicy.PREFERRED_NON_NULL));
        SessionId id = create(cluster.node(2), "before");
        cluster.partition();
        write(cluster.node(1), id, "minority");
        write(cluster.node(2), id, "majority");
        SessionId bornInTheMinority = create(cluster.node(1), "minority only");

        cluster.heal();
        await().atMost(VIEWS).untilAsserted(() -> {
            for (InfinispanEngine member : cluster.members()) {
                assertThat(side(member, id)).as(member.self() + "'s read").contains("majority");
                assertThat(side(member, bornInTheMinority)).as(member.self() + "'s read").contains("minority only");
            }
        });
    }
}

package io.replsim.replication.infinispan;

import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.VIEWS;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.create;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.read;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.side;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.replsim.replication.DegradedPartitionException;
import io.replsim.replication.PartitionHandlingSpec;
import io.replsim.replication.PartitionMergePolicy;
import io.replsim.replication.PartitionWhenSplit;
import io.replsim.replication.SessionId;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The other partition-handling policies, in the slow tier ({@code ./replsim test tomcat}: about 15 s each for three
 * members to split and merge): allow-reads shows the minority's sessions but refuses to change them, and
 * preferred-non-null keeps what only the minority holds; their counterparts under the defaults are in
 * {@link InfinispanPartitionHandlingTest}, and deny-read-writes' lost write in {@link InfinispanDenyReadWritesDrill}.
 */
class InfinispanPartitionPolicyDrill {
    private final PartitionedInfinispanCluster cluster = new PartitionedInfinispanCluster();

    @AfterEach
    void stop() {
        cluster.close();
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void underAllowReadsTheMinoritySideShowsItsSessionsButRefusesToChangeThem() throws Exception {
        cluster.start(new PartitionHandlingSpec(PartitionWhenSplit.ALLOW_READS, PartitionMergePolicy.DEFAULT));
        SessionId id = create(cluster.node(2), "before");
        cluster.partition();

        await().atMost(VIEWS).untilAsserted(() -> assertThatThrownBy(() -> write(cluster.node(1), id, "minority"))
                .isInstanceOf(DegradedPartitionException.class));
        assertThat(read(cluster.node(1), id)).containsEntry("side", "before");
        assertThat(write(cluster.node(2), id, "majority")).containsEntry("side", "before");

        cluster.heal();
        await().atMost(VIEWS).untilAsserted(() -> assertThat(read(cluster.node(1), id)).containsEntry("side", "majority"));
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

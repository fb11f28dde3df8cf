package io.replsim.replication.infinispan;

import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.VIEWS;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.create;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.read;
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
 * Allow-reads in the slow tier ({@code ./replsim test tomcat}: about 12 s for three members to split and merge): the
 * minority side shows its sessions but refuses to change them. A class of its own so the tier's test JVMs play each
 * policy's drill beside the others ({@link InfinispanPreferredNonNullDrill}, {@link InfinispanDenyReadWritesDrill});
 * the defaults' counterparts are in {@link InfinispanPartitionHandlingTest}.
 */
class InfinispanAllowReadsDrill {
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
}

package io.replsim.replication.infinispan;

import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.VIEWS;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.create;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.read;
import static io.replsim.replication.infinispan.PartitionedInfinispanCluster.refused;
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
import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.StackTuning;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * node1 cut off from node2 and node3 while a session is used on both sides, then healed: deny-read-writes refuses
 * the minority side's sessions where Infinispan's defaults (allow-read-writes, merge policy none) let both sides
 * write and the merge overwrites the minority's copy; each is the other's counterpart, so a policy that did nothing
 * fails one of them. The other policies: {@link InfinispanAllowReadsDrill} and {@link InfinispanPreferredNonNullDrill}
 * (slow tier).
 */
class InfinispanPartitionHandlingTest {
    /**
     * replsim's tuned stack, but MERGE3 looking for other partitions every 250-750 ms instead of every 1-3 s: what
     * these tests claim is what each side serves and what the merge keeps, which does not depend on when it comes.
     */
    private final PartitionedInfinispanCluster cluster = new PartitionedInfinispanCluster(StackPreset.TUNED.tuning()
            .withMerge(new StackTuning.MergeIntervals(Duration.ofMillis(250), Duration.ofMillis(750))));

    @AfterEach
    void stop() {
        cluster.close();
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void underDenyReadWritesTheMinoritySideRefusesItsSessionsWhileTheMajorityServesThem() throws Exception {
        cluster.start(new PartitionHandlingSpec(PartitionWhenSplit.DENY_READ_WRITES, PartitionMergePolicy.DEFAULT));
        SessionId id = create(cluster.node(2), "before");
        cluster.partition();

        await().atMost(VIEWS).until(() -> refused(cluster.node(1), id));
        // A new session is refused too: nothing on the degraded side may be written.
        assertThatThrownBy(() -> create(cluster.node(1), "new on the minority")).isInstanceOf(DegradedPartitionException.class);
        assertThat(write(cluster.node(2), id, "majority")).containsEntry("side", "before");
        assertThat(read(cluster.node(3), id)).containsEntry("side", "majority");

        cluster.heal();
        // One view again does not yet mean an available cache: node1 may refuse until Infinispan's merge is done.
        await().atMost(VIEWS).ignoreExceptionsInstanceOf(DegradedPartitionException.class)
                .untilAsserted(() -> assertThat(read(cluster.node(1), id)).containsEntry("side", "majority"));
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void underTheDefaultsBothSidesWriteAndTheMergeOverwritesTheMinorityWithoutSettlingWhatOnlyItHas() throws Exception {
        cluster.start(PartitionHandlingSpec.DEFAULT);
        SessionId id = create(cluster.node(2), "before");
        cluster.partition();

        // What deny-read-writes and allow-reads refuse is served here: each side writes its own copy.
        assertThat(write(cluster.node(1), id, "minority")).containsEntry("side", "before");
        assertThat(write(cluster.node(2), id, "majority")).containsEntry("side", "before");
        assertThat(read(cluster.node(1), id)).containsEntry("side", "minority");
        SessionId bornInTheMinority = create(cluster.node(1), "minority only");

        cluster.heal();
        // Merge policy none settles nothing: the preferred (majority) side's state transfer overwrites what it holds,
        // so the minority's write is lost, and what only the minority holds stays there alone, the copies disagreeing.
        await().atMost(VIEWS).untilAsserted(() -> {
            for (InfinispanEngine member : cluster.members()) {
                assertThat(side(member, id)).as(member.self() + "'s read").contains("majority");
            }
            assertThat(side(cluster.node(1), bornInTheMinority)).contains("minority only");
            assertThat(side(cluster.node(2), bornInTheMinority)).isEmpty();
            assertThat(side(cluster.node(3), bornInTheMinority)).isEmpty();
        });
    }
}

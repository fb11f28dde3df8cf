package io.replsim.replication.transport;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.engine.JGroupsEngine;
import io.replsim.replication.member.PartitionCut;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Members split by a partition merge back into one view once it heals: AUTH lets merges that prove the secret. */
class PartitionMergeWithSecretTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    /**
     * replsim's tuned stack, but MERGE3 looking for the other side every 250-750 ms instead of every 1-3 s: the
     * claim is that the merge is let through, not when it comes.
     */
    private static final StackTuning QUICK_MERGES = StackPreset.TUNED.tuning()
            .withMerge(new StackTuning.MergeIntervals(Duration.ofMillis(250), Duration.ofMillis(750)));

    @Test
    void twoHalvesOfAPartitionMergeAgainWhenItHeals() throws Exception {
        String cluster = "merge-" + System.nanoTime();
        int first = MemberPorts.free();
        int second = MemberPorts.free();
        List<InetSocketAddress> members = List.of(new InetSocketAddress(LOOPBACK, first),
                new InetSocketAddress(LOOPBACK, second));
        ClusterSecret secret = ClusterSecret.generate();
        try (var one = JGroupsEngine.start(new NodeId("node1"), cluster, new TcpStackSpec(LOOPBACK, first, members,
                secret).withTuning(QUICK_MERGES), ReplicationSpec.fullSync());
             var two = JGroupsEngine.start(new NodeId("node2"), cluster, new TcpStackSpec(LOOPBACK, second, members,
                     secret).withTuning(QUICK_MERGES), ReplicationSpec.fullSync())) {
            await().atMost(Duration.ofSeconds(30)).until(() -> one.view().members().size() == 2
                    && two.view().members().size() == 2);
            PartitionCut cut = PartitionCut.between(Duration.ofSeconds(30), List.of(one), List.of(two));

            cut.heal();

            assertThat(one.stats().traffic().peersRefused()).isZero();
            assertThat(two.stats().traffic().peersRefused()).isZero();
        }
    }
}

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
        ClusterSecret secret = ClusterSecret.generate();
        List<JGroupsEngine> members = MemberPorts.startMembersOnFreePorts(2, (i, ports) -> JGroupsEngine.start(
                new NodeId("node" + (i + 1)), cluster, new TcpStackSpec(LOOPBACK, ports.get(i),
                        ports.stream().map(port -> new InetSocketAddress(LOOPBACK, port)).toList(), secret)
                        .withTuning(QUICK_MERGES), ReplicationSpec.fullSync()));
        try (var one = members.get(0); var two = members.get(1)) {
            await().atMost(Duration.ofSeconds(30)).until(() -> one.view().members().size() == 2
                    && two.view().members().size() == 2);
            PartitionCut cut = PartitionCut.between(Duration.ofSeconds(30), List.of(one), List.of(two));

            cut.heal();

            assertThat(one.stats().traffic().peersRefused()).isZero();
            assertThat(two.stats().traffic().peersRefused()).isZero();
        }
    }
}

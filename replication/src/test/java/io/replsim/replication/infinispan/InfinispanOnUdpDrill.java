package io.replsim.replication.infinispan;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.transport.MemberPorts;
import io.replsim.replication.transport.ClusterSecret;
import io.replsim.replication.transport.MulticastGroup;
import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.TransportKind;
import io.replsim.replication.transport.UdpStackSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The infinispan engine takes its channel from the node's stack ({@link StackChannelConfigurator}), so on UDP its
 * cache manager forms a cluster by multicast on loopback and a session written on one member is read on the other.
 * A drill of the slow tier: an Infinispan cache manager takes 10-30 s to start two members on this machine.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class InfinispanOnUdpDrill {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private final List<InfinispanEngine> members = new ArrayList<>();

    @AfterEach
    void stop() {
        members.reversed().forEach(InfinispanEngine::close);
    }

    @Test
    void twoMembersOnUdpFormAndShareASession() throws Exception {
        String cluster = "ispn-udp-" + System.nanoTime();
        ClusterSecret secret = ClusterSecret.generate();
        for (int i = 1; i <= 2; i++) {
            var stack = new UdpStackSpec(LOOPBACK, MemberPorts.free(), MulticastGroup.of(cluster, secret), secret,
                    StackPreset.TUNED.tuning().withTransport(TransportKind.UDP));
            members.add(InfinispanEngine.start(new NodeId("node" + i), cluster, stack, ReplicationSpec.fullSync()));
        }
        await().atMost(PartitionedInfinispanCluster.VIEWS)
                .until(() -> members.stream().allMatch(member -> member.view().members().size() == 2));

        SessionId id = PartitionedInfinispanCluster.create(members.get(0), "written on node1");

        assertThat(PartitionedInfinispanCluster.side(members.get(1), id)).contains("written on node1");
    }
}

package io.replsim.replication.transport;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A cluster's multicast group: agreed by its members, apart from every other cluster's, and checked on loopback. */
class MulticastGroupTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @Test
    void membersOfOneRunDeriveTheSameOrganisationLocalGroup() {
        ClusterSecret secret = ClusterSecret.generate();
        MulticastGroup group = MulticastGroup.of("replsim", secret);

        assertThat(MulticastGroup.of("replsim", secret)).isEqualTo(group);
        assertThat(group.address().getAddress()[0] & 0xff).isEqualTo(239);
        assertThat(group.port()).isBetween(MulticastGroup.LOWEST_PORT,
                MulticastGroup.LOWEST_PORT + MulticastGroup.PORTS - 1);
    }

    @Test
    void anotherNameOrAnotherRunsSecretGivesAnotherGroup() {
        ClusterSecret secret = ClusterSecret.generate();
        MulticastGroup group = MulticastGroup.of("replsim", secret);

        assertThat(MulticastGroup.of("replsim-2", secret)).isNotEqualTo(group);
        assertThat(MulticastGroup.of("replsim", ClusterSecret.generate())).isNotEqualTo(group);
    }

    @Test
    void aDatagramToTheGroupComesBackOnThisMachinesLoopback() {
        // docs/replication.md records that loopback multicast works here; the node's start check relies on it.
        LoopbackMulticast.requireEcho(LOOPBACK, MulticastGroup.of("probe", ClusterSecret.generate()),
                Duration.ofSeconds(2));
    }

    @Test
    void whereNoDatagramComesBackTheCheckSaysWhatToDo() {
        MulticastGroup group = MulticastGroup.of("probe", ClusterSecret.generate());

        MulticastGroup elsewhere = MulticastGroup.of("elsewhere", ClusterSecret.generate());

        assertThatThrownBy(() -> LoopbackMulticast.requireEcho(LOOPBACK, group, elsewhere.address(),
                Duration.ofMillis(300)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(group.address().getHostAddress())
                .hasMessageContaining("did not come back within 300 ms")
                .hasMessageContaining("use jgroups.transport tcp-nio2");
    }

    @Test
    void aUdpStackRefusesAnAddressOffLoopbackAndABundleNoDatagramHolds() throws Exception {
        MulticastGroup group = MulticastGroup.of("refusals", ClusterSecret.generate());
        StackTuning udp = StackPreset.TUNED.tuning().withTransport(TransportKind.UDP);

        assertThatThrownBy(() -> new UdpStackSpec(InetAddress.getByName("10.1.2.3"), 7600, group,
                ClusterSecret.generate(), udp)).hasMessageContaining("keeps its multicast on loopback");
        assertThatThrownBy(() -> new UdpStackSpec(LOOPBACK, 7600, group, ClusterSecret.generate(),
                udp.withBundler(new StackTuning.Bundling(BundlerKind.TRANSFER_QUEUE, 65_508))))
                .hasMessageContaining("must fit one datagram");
        assertThatThrownBy(() -> new TcpStackSpec(LOOPBACK, 7600, new Discovery.StaticMembers(
                java.util.List.of(new java.net.InetSocketAddress(LOOPBACK, 7600))), LargeMessagePath.DirectStreams.DEFAULT,
                new PeerAuthentication.SharedSecret(ClusterSecret.generate()), udp, Formation.JOIN))
                .hasMessageContaining("UdpStackSpec");
    }
}

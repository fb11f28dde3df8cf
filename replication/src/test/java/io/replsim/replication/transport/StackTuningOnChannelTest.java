package io.replsim.replication.transport;

import io.replsim.replication.transport.detection.ClosedPortVerifySuspect2;
import io.replsim.replication.transport.detection.SuspectOnCloseFdSock2;
import io.replsim.replication.transport.wire.GuardedFdSock2;
import io.replsim.replication.transport.wire.GuardedTransport;
import org.jgroups.JChannel;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.NoBundler;
import org.jgroups.protocols.PING;
import org.jgroups.protocols.UDP;
import org.jgroups.protocols.PerDestinationBundler;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCP_NIO2;
import org.jgroups.protocols.TP;
import org.jgroups.protocols.TransferQueueBundler;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.stack.ProtocolStack;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each preset's values, and values of a scenario's own, reach the protocols of a real channel: a one-member cluster
 * connected over TCP on loopback, its settings read back from the channel's protocol stack, not from the spec.
 */
@Timeout(60)
class StackTuningOnChannelTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final ClusterSecret SECRET = ClusterSecret.generate();
    private static final Map<BundlerKind, Class<?>> BUNDLER_CLASSES = Map.of(
            BundlerKind.TRANSFER_QUEUE, TransferQueueBundler.class,
            BundlerKind.PER_DESTINATION, PerDestinationBundler.class,
            BundlerKind.NO_BUNDLER, NoBundler.class);

    @ParameterizedTest
    @EnumSource(StackPreset.class)
    void aPresetsValuesReachTheChannelsProtocols(StackPreset preset) throws Exception {
        assertReachesTheChannel(preset.tuning());
    }

    @Test
    void valuesOfAScenariosOwnReachTheChannelAndFdSock2OffLeavesItOut() throws Exception {
        StackTuning own = StackPreset.WILDFLY.tuning()
                .withTransport(TransportKind.TCP_NIO2)
                .withFailureDetection(new StackTuning.FailureDetection(Duration.ofMillis(7_300), Duration.ofMillis(900),
                        Duration.ofMillis(1_700), false, true))
                .withMerge(new StackTuning.MergeIntervals(Duration.ofMillis(4_100), Duration.ofMillis(9_900)))
                .withBundler(new StackTuning.Bundling(BundlerKind.NO_BUNDLER, 70_001))
                .withThreadPool(new StackTuning.ThreadPoolSize(3, 33, Duration.ofMillis(4_321)));
        assertReachesTheChannel(own);
    }

    @Test
    void onUdpMulticastStaysOnLoopbackAndValuesReachTheChannelUpToTheLargestBundleADatagramHolds() throws Exception {
        assertReachesTheChannel(StackPreset.WILDFLY.tuning().withTransport(TransportKind.UDP)
                .withFailureDetection(new StackTuning.FailureDetection(Duration.ofMillis(7_300), Duration.ofMillis(900),
                        Duration.ofMillis(1_700), false, false))
                .withMerge(new StackTuning.MergeIntervals(Duration.ofMillis(4_100), Duration.ofMillis(9_900)))
                .withBundler(new StackTuning.Bundling(BundlerKind.TRANSFER_QUEUE, UdpStackSpec.MAX_BUNDLE_BYTES))
                .withThreadPool(new StackTuning.ThreadPoolSize(3, 33, Duration.ofMillis(4_321))));
    }

    @Test
    void thePresetsDifferWhereTheirSourcesDo() {
        // A guard against a preset quietly becoming another: each names values its source gives.
        assertThat(StackPreset.WILDFLY.tuning().failureDetection().heartbeatTimeout()).isEqualTo(Duration.ofSeconds(40));
        assertThat(StackPreset.JBOSS5.tuning().failureDetection().verifySuspectTimeout())
                .isEqualTo(Duration.ofMillis(1_500));
        assertThat(StackPreset.TUNED.tuning().failureDetection().heartbeatTimeout()).isEqualTo(Duration.ofSeconds(2));
        // Only replsim's own takes a closed port for a death: the servers' run VERIFY_SUSPECT2 as JGroups ships it.
        assertThat(StackPreset.TUNED.tuning().failureDetection().closedPortConfirms()).isTrue();
        assertThat(StackPreset.WILDFLY.tuning().failureDetection().closedPortConfirms()).isFalse();
        assertThat(StackPreset.JBOSS5.tuning().failureDetection().closedPortConfirms()).isFalse();
    }

    private static void assertReachesTheChannel(StackTuning tuning) throws Exception {
        int port = MemberPorts.free();
        String cluster = "stack-tuning-" + System.nanoTime();
        MulticastGroup group = MulticastGroup.of(cluster, SECRET);
        StackSpec spec = tuning.transport() == TransportKind.UDP
                ? new UdpStackSpec(LOOPBACK, port, group, SECRET, tuning)
                : new TcpStackSpec(LOOPBACK, port, List.of(new InetSocketAddress(LOOPBACK, port)), SECRET)
                        .withTuning(tuning);
        try (JChannel channel = new JChannel(spec.protocols())) {
            channel.connect(cluster);
            ProtocolStack stack = channel.getProtocolStack();

            TP transport = stack.getTransport();
            assertThat(transport).isInstanceOf(switch (tuning.transport()) {
                case TCP -> TCP.class;
                case TCP_NIO2 -> TCP_NIO2.class;
                case UDP -> UDP.class;
            }).as("frames sealed with the secret").isInstanceOf(GuardedTransport.class);
            if (transport instanceof UDP udp) {
                assertThat(udp.getBindAddress()).isEqualTo(LOOPBACK);
                assertThat(udp.getMulticastTTL()).isZero();
                assertThat(udp.getMcastGroupAddr()).isEqualTo(group.address());
                assertThat(udp.getMulticastPort()).isEqualTo(group.port());
                assertThat(stack.findProtocol(PING.class) != null).as("discovery by multicast").isTrue();
            }
            assertThat(transport.getBundler()).isExactlyInstanceOf(BUNDLER_CLASSES.get(tuning.bundler().kind()));
            assertThat(transport.getBundler().getMaxSize()).isEqualTo(tuning.bundler().maxSizeBytes());
            assertThat(transport.getThreadPool().getMinThreads()).isEqualTo(tuning.threadPool().minThreads());
            assertThat(transport.getThreadPool().getMaxThreads()).isEqualTo(tuning.threadPool().maxThreads());
            assertThat(transport.getThreadPool().getKeepAliveTime())
                    .isEqualTo(tuning.threadPool().keepAlive().toMillis());

            FD_ALL3 heartbeats = stack.findProtocol(FD_ALL3.class);
            assertThat(heartbeats.getTimeout()).isEqualTo(tuning.failureDetection().heartbeatTimeout().toMillis());
            assertThat(heartbeats.getInterval()).isEqualTo(tuning.failureDetection().heartbeatInterval().toMillis());
            VERIFY_SUSPECT2 verify = stack.findProtocol(VERIFY_SUSPECT2.class);
            assertThat(verify.getTimeout()).isEqualTo(tuning.failureDetection().verifySuspectTimeout().toMillis());
            assertThat(verify instanceof ClosedPortVerifySuspect2).as("a closed port confirms a suspicion")
                    .isEqualTo(tuning.failureDetection().closedPortConfirms());
            assertThat((FD_SOCK2) stack.findProtocol(FD_SOCK2.class) != null)
                    .isEqualTo(tuning.failureDetection().socketMonitor());
            if (tuning.failureDetection().socketMonitor()) {
                assertThat((FD_SOCK2) stack.findProtocol(FD_SOCK2.class)).isInstanceOf(GuardedFdSock2.class)
                        .as("suspects a neighbour at its close").isInstanceOf(SuspectOnCloseFdSock2.class);
            }
            MERGE3 merge = stack.findProtocol(MERGE3.class);
            assertThat(merge.getMinInterval()).isEqualTo(tuning.merge().min().toMillis());
            assertThat(merge.getMaxInterval()).isEqualTo(tuning.merge().max().toMillis());
            assertThat(channel.getView().size()).as("a working channel").isEqualTo(1);
        }
    }
}

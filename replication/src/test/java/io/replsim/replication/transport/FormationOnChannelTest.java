package io.replsim.replication.transport;

import org.jgroups.Address;
import org.jgroups.JChannel;
import org.jgroups.Receiver;
import org.jgroups.View;
import org.jgroups.protocols.Discovery;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.stack.ProtocolStack;
import org.jgroups.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * How a member enters its cluster ({@link Formation}): each formation's join settings reach a channel's GMS and
 * discovery under every preset and on UDP, and, on real channels over TCP on loopback, a member started before the
 * founder joins the founder instead of founding a cluster of its own.
 */
@Timeout(60)
class FormationOnChannelTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final ClusterSecret SECRET = ClusterSecret.generate();

    @ParameterizedTest
    @EnumSource(StackPreset.class)
    void eachFormationsJoinSettingsReachTheChannelWhateverThePreset(StackPreset preset) throws Exception {
        for (Formation formation : Formation.values()) {
            int port = MemberPorts.free();
            assertJoinsAs(formation, new TcpStackSpec(LOOPBACK, port, List.of(new InetSocketAddress(LOOPBACK, port)),
                    SECRET).withTuning(preset.tuning()).withFormation(formation));
        }
    }

    @Test
    void onUdpEachFormationsJoinSettingsReachTheChannel() throws Exception {
        for (Formation formation : Formation.values()) {
            String cluster = "formation-udp-" + System.nanoTime();
            assertJoinsAs(formation, new UdpStackSpec(LOOPBACK, MemberPorts.free(), MulticastGroup.of(cluster, SECRET),
                    SECRET, StackPreset.TUNED.tuning().withTransport(TransportKind.UDP)).withFormation(formation));
        }
    }

    @Test
    void aFounderWaitsForNobodyAndAJoinerAsksEvery200MsWhileItWaits() {
        assertThat(Formation.FOUND.joinTimeout()).isZero();
        assertThat(Formation.FOUND.discoveryRuns()).isEqualTo(1);
        assertThat(Formation.FOUND.maxJoinAttempts()).isEqualTo(1);
        assertThat(Formation.JOIN.joinTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(Formation.JOIN.discoveryRuns()).isEqualTo(10);
        assertThat(Formation.JOIN_FOUNDER.joinTimeout()).isGreaterThan(Formation.JOIN.joinTimeout());
        assertThat(Formation.JOIN_FOUNDER.discoveryRuns() * Formation.ASK_EVERY.toMillis())
                .isEqualTo(Formation.JOIN_FOUNDER.joinTimeout().toMillis());
        assertThat(new TcpStackSpec(LOOPBACK, 7800, List.of(new InetSocketAddress(LOOPBACK, 7800)), SECRET).formation())
                .as("a stack joins unless told otherwise").isEqualTo(Formation.JOIN);
    }

    /**
     * The process runtime's start, with the founder's JVM the slower: the joiner's address sorts before the founder's,
     * so a joiner that heard only the founder's request (a client's) when its join timeout ran out would take itself
     * for the first of the clients and found a cluster of its own. It joins the founder because it asks again while
     * it waits and the founder, once up, answers as coordinator.
     */
    @Test
    void aMemberStartedBeforeTheFounderJoinsTheFounderInsteadOfFoundingAClusterOfItsOwn() throws Exception {
        String cluster = "formation-" + System.nanoTime();
        int joinerPort = MemberPorts.free();
        int founderPort = MemberPorts.free();
        List<InetSocketAddress> members = List.of(new InetSocketAddress(LOOPBACK, founderPort),
                new InetSocketAddress(LOOPBACK, joinerPort));
        List<View> joinerViews = new CopyOnWriteArrayList<>();
        try (JChannel joiner = channel(new TcpStackSpec(LOOPBACK, joinerPort, members, SECRET)
                        .withFormation(Formation.JOIN_FOUNDER), "joiner", new UUID(0, 1), joinerViews);
             JChannel founder = channel(new TcpStackSpec(LOOPBACK, founderPort, members, SECRET)
                     .withFormation(Formation.FOUND), "founder", new UUID(Long.MAX_VALUE, 1), new ArrayList<>())) {
            CompletableFuture<Void> joining = CompletableFuture.runAsync(() -> connect(joiner, cluster));
            Discovery asking = joiner.getProtocolStack().findProtocol(Discovery.class);
            await().atMost(Duration.ofSeconds(10)).until(() -> asking.getNumberOfDiscoveryRequestsSent() > 0);

            founder.connect(cluster);
            joining.get(30, TimeUnit.SECONDS);

            assertThat(founder.getView().getCoord()).isEqualTo(founder.getAddress());
            assertThat(joinerViews.getFirst().getMembers()).as("the joiner's first view")
                    .containsExactly(founder.getAddress(), joiner.getAddress());
        }
    }

    /** Read from a channel built but not connected: a joiner alone would wait out its whole join timeout. */
    private static void assertJoinsAs(Formation formation, StackSpec spec) throws Exception {
        try (JChannel channel = new JChannel(spec.protocols())) {
            ProtocolStack stack = channel.getProtocolStack();
            GMS gms = stack.findProtocol(GMS.class);
            Discovery discovery = stack.findProtocol(Discovery.class);

            assertThat(gms.getJoinTimeout()).as(formation + " join timeout").isEqualTo(formation.joinTimeout().toMillis());
            assertThat(gms.getMaxJoinAttempts()).as(formation + " join attempts").isEqualTo(formation.maxJoinAttempts());
            assertThat(discovery.numDiscoveryRuns()).as(formation + " discovery runs")
                    .isEqualTo(formation.discoveryRuns());
        }
    }

    private static JChannel channel(StackSpec spec, String name, Address address, List<View> views) throws Exception {
        JChannel channel = new JChannel(spec.protocols()).name(name);
        channel.addAddressGenerator(() -> address);
        channel.setReceiver(new Receiver() {
            @Override
            public void viewAccepted(View view) {
                views.add(view);
            }
        });
        return channel;
    }

    private static void connect(JChannel channel, String cluster) {
        try {
            channel.connect(cluster);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

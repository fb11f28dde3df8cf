package io.replsim.replication.transport;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.engine.JGroupsEngine;
import io.replsim.replication.session.ActiveSession;
import io.replsim.replication.transport.stream.StreamEndpoints;
import io.replsim.replication.transport.wire.Stranger;
import io.replsim.replication.transport.wire.StrangerBytes;
import org.jgroups.JChannel;
import org.jgroups.protocols.BasicTCP;
import org.jgroups.stack.Protocol;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A stranger on the network against real members on loopback, on each port a member listens on: the JGroups
 * transport's, FD_SOCK2's and the direct streams'. It sends the 33-byte message that killed a node (a frame whose
 * message asks for a 2 GB payload, or on FD_SOCK2's port a header that asks for 2 GB), a 2 GB frame length, random
 * bytes, and the 33 bytes again a byte at a time. Each connection is closed by the member and counted once in its
 * {@code peersRefused}, and the members still replicate to each other afterwards. Before the wire was guarded the
 * member read the frame (in a node process with {@code -XX:+ExitOnOutOfMemoryError}, the allocation ended it; in
 * this JVM JGroups logs the error) and kept the connection open, counting nothing.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class StrangerOnTheWireTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final ClusterSecret SECRET = ClusterSecret.generate();
    private static final Duration PATIENCE = Duration.ofSeconds(20);
    /** Where the stranger claims to listen: no member's port. */
    private static final int CLAIMED_PORT = 40_000;

    private final List<JGroupsEngine> members = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        members.reversed().forEach(JGroupsEngine::close);
    }

    @ParameterizedTest
    @EnumSource(value = TransportKind.class, names = {"TCP_NIO2", "TCP"})
    void everyPortClosesOnAStrangersBytesCountsItAndTheMembersStillReplicate(TransportKind transport)
            throws Exception {
        String cluster = "stranger-wire-" + transport.label() + "-" + System.nanoTime();
        StackTuning tuning = StackPreset.TUNED.tuning().withTransport(transport);
        int[] targetPort = new int[1];
        members.addAll(MemberPorts.startMembersOnFreePorts(2, (i, ports) -> {
            targetPort[0] = ports.getFirst();
            return JGroupsEngine.start(new NodeId("node" + (i + 1)), cluster, new TcpStackSpec(LOOPBACK, ports.get(i),
                    ports.stream().map(port -> new InetSocketAddress(LOOPBACK, port)).toList(), SECRET)
                    .withTuning(tuning), ReplicationSpec.fullSync());
        }));
        awaitOneView();
        JGroupsEngine target = members.getFirst();
        InetSocketAddress jgroups = new InetSocketAddress(LOOPBACK, targetPort[0]);
        InetSocketAddress socketMonitor = new InetSocketAddress(LOOPBACK,
                targetPort[0] + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET);
        InetSocketAddress stream = StreamEndpoints.of(target.transport().address()).orElseThrow();

        for (InetSocketAddress port : List.of(jgroups, socketMonitor, stream)) {
            byte[] killer = port.equals(socketMonitor) ? StrangerBytes.hugeHeader(CLAIMED_PORT)
                    : StrangerBytes.hugePayload(CLAIMED_PORT);
            String where = port.equals(jgroups) ? "the JGroups port" : port.equals(socketMonitor) ? "FD_SOCK2's port"
                    : "the stream port";
            assertRefusedOnce(target, where + ", the 33 bytes", port, killer, Duration.ZERO);
            assertRefusedOnce(target, where + ", a 2 GB frame length", port,
                    StrangerBytes.hugeFrameLength(CLAIMED_PORT), Duration.ZERO);
            assertRefusedOnce(target, where + ", random bytes", port, StrangerBytes.random(port.getPort(), 64),
                    Duration.ZERO);
            assertRefusedOnce(target, where + ", the 33 bytes a byte at a time", port, killer, Duration.ofMillis(40));
        }
        if (transport == TransportKind.TCP) {
            // TCP_NIO2 keeps such a socket open, holding no thread; TCP's preamble gate closes it at its deadline.
            assertRefusedOnce(target, "the JGroups port, 5 bytes of a preamble and then silence", jgroups,
                    Arrays.copyOf(StrangerBytes.preamble(CLAIMED_PORT), 5), Duration.ZERO);
        }

        awaitOneView();
        assertReplicatesBothWays();
    }

    /**
     * TCP's one acceptor thread read each new peer's preamble, each read waiting up to
     * {@code peer_addr_read_timeout}: a peer dripping its preamble held every connection after it, a joining
     * member's too. The preamble time is raised to a minute here, so a drip of a byte a second would hold the acceptor
     * for the 15 s of its preamble; the member must have joined before the drip has sent it all. node1 knows no other
     * member, so only node2's connection to it (through the acceptor) can bring the two together.
     */
    @Test
    void aPeerDrippingItsPreambleToTheTcpTransportDoesNotHoldUpAMembersJoin() throws Exception {
        String cluster = "stranger-drip-" + System.nanoTime();
        var refusals = new AtomicInteger();
        var strangerAddress = new AtomicReference<String>();
        byte[] preamble = StrangerBytes.preamble(CLAIMED_PORT);
        // Each member takes another port when its own was taken meanwhile (a suite runs several test JVMs at once):
        // node1 knows only itself, and node2 knows node1 once node1 is up.
        try (Member first = MemberPorts.startOnFreePort(port -> Member.connected("node1", port, List.of(), cluster))) {
            // Only the drip's refusal is counted: another test JVM's member may knock on this port too (it drew the
            // port before this member did), and node1 refuses it as it should.
            PeerRefusals.report(first.channel(), what -> {
                if (strangerAddress.get() != null && what.contains(strangerAddress.get() + " ")) {
                    refusals.incrementAndGet();
                }
            });
            // Closed in reverse: the member leaves, the stranger hangs up (ending its drip), the drip's thread ends.
            try (var threads = Executors.newVirtualThreadPerTaskExecutor();
                 Stranger dripping = Stranger.connect(first.address())) {
                strangerAddress.set(dripping.localAddress().toString());
                threads.submit(() -> dripping.drip(preamble, Duration.ofSeconds(1)));
                await().atMost(PATIENCE).until(() -> dripping.sent() > 0);

                try (Member second = MemberPorts.startOnFreePort(port -> Member.connected("node2", port,
                        List.of(first.address()), cluster))) {
                    await().atMost(PATIENCE).until(() -> first.channel().getView().size() == 2
                            || dripping.sent() == preamble.length);

                    assertThat(first.channel().getView().getMembers()).as("node1's view").hasSize(2);
                    assertThat(dripping.sent()).as("bytes of the drip's preamble sent when the member had joined")
                            .isLessThan(preamble.length);
                }
            }
            await("the drip, cut short by itself, counted").atMost(PATIENCE).until(() -> refusals.get() == 1);
        }
    }

    /** A member on TCP with a minute for a peer's preamble, connected on {@code port}, knowing {@code others}. */
    private record Member(JChannel channel, InetSocketAddress address) implements AutoCloseable {
        static Member connected(String name, int port, List<InetSocketAddress> others, String cluster)
                throws Exception {
            InetSocketAddress own = new InetSocketAddress(LOOPBACK, port);
            List<InetSocketAddress> initial = new ArrayList<>(others);
            initial.add(own);
            JChannel channel = tcpChannel(name, port, initial);
            try {
                channel.connect(cluster);
            } catch (Exception e) {
                channel.close();
                throw e;
            }
            return new Member(channel, own);
        }

        @Override
        public void close() {
            channel.close();
        }
    }

    @Test
    void aStrangersDatagramToAUdpMemberIsDroppedAndCountedAndTheMembersStillReplicate() throws Exception {
        String cluster = "stranger-udp-" + System.nanoTime();
        int firstPort = MemberPorts.free();
        StackTuning tuning = StackPreset.TUNED.tuning().withTransport(TransportKind.UDP);
        for (int i = 0; i < 2; i++) {
            int port = i == 0 ? firstPort : MemberPorts.free();
            members.add(JGroupsEngine.start(new NodeId("node" + (i + 1)), cluster,
                    new UdpStackSpec(LOOPBACK, port, MulticastGroup.of(cluster, SECRET), SECRET, tuning),
                    ReplicationSpec.fullSync()));
        }
        awaitOneView();
        JGroupsEngine target = members.getFirst();
        long before = refused(target);

        try (var socket = new DatagramSocket(new InetSocketAddress(LOOPBACK, 0))) {
            byte[] datagram = StrangerBytes.hugePayloadFrame();
            socket.send(new DatagramPacket(datagram, datagram.length, new InetSocketAddress(LOOPBACK, firstPort)));
        }

        await().atMost(PATIENCE).until(() -> refused(target) == before + 1);
        awaitOneView();
        assertReplicatesBothWays();
    }

    /**
     * Sends {@code bytes} (at once, or a byte every {@code drip}); the member must close the connection and count
     * exactly one refusal for it.
     */
    private static void assertRefusedOnce(JGroupsEngine target, String what, InetSocketAddress port, byte[] bytes,
                                          Duration drip) throws IOException, InterruptedException {
        long before = refused(target);
        assertThat(Stranger.turnedAway(port, bytes, drip, PATIENCE)).as(what + ": closed by the member").isTrue();
        await(what + ": counted").atMost(PATIENCE).until(() -> refused(target) > before);
        assertThat(refused(target)).as(what + ": counted once").isEqualTo(before + 1);
    }

    /** A TCP member whose transport waits up to a minute for a peer's preamble. */
    private static JChannel tcpChannel(String name, int port, List<InetSocketAddress> initial) throws Exception {
        List<Protocol> stack = new TcpStackSpec(LOOPBACK, port, initial, SECRET)
                .withTuning(StackPreset.TUNED.tuning().withTransport(TransportKind.TCP)).protocols();
        ((BasicTCP) stack.getFirst()).setPeerAddrReadTimeout((int) Duration.ofMinutes(1).toMillis());
        return new JChannel(stack).name(name);
    }

    private static long refused(JGroupsEngine member) {
        return member.stats().traffic().peersRefused();
    }

    private void awaitOneView() {
        Set<String> all = members.stream().map(member -> member.self().name()).collect(Collectors.toSet());
        await().atMost(PATIENCE).until(() -> members.stream().allMatch(member ->
                member.view().members().stream().map(NodeId::name).collect(Collectors.toSet()).equals(all)));
    }

    private void assertReplicatesBothWays() throws ReplicationException {
        List<SessionId> created = new ArrayList<>();
        for (JGroupsEngine owner : members) {
            created.add(create(owner));
        }
        for (int i = 0; i < members.size(); i++) {
            JGroupsEngine other = members.get((i + 1) % members.size());
            assertThat(other.holdsCopy(created.get(i))).as(other.self() + " holds a copy of a session made on "
                    + members.get(i).self()).isTrue();
        }
    }

    private static SessionId create(JGroupsEngine owner) throws ReplicationException {
        try (ActiveSession active = owner.store().create()) {
            active.session().setAttribute("serial", 1);
            owner.store().update(active);
            return active.session().id();
        }
    }
}

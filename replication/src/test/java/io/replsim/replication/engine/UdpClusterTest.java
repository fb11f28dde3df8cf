package io.replsim.replication.engine;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.session.ActiveSession;
import io.replsim.replication.transport.ClusterSecret;
import io.replsim.replication.transport.MulticastGroup;
import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.TcpStackSpec;
import io.replsim.replication.transport.TransportKind;
import io.replsim.replication.transport.UdpStackSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Real members on JGroups' UDP transport on loopback (multicast to the cluster's group, TTL 0): a cluster forms by
 * PING, replicates (over direct streams, as on TCP) and drops a crashed member; and clusters started at once on this
 * machine never see each other, whether they differ by name (one secret, as in-JVM tests share) or only by secret
 * (two runs of one scenario).
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class UdpClusterTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final Duration VIEWS = Duration.ofSeconds(30);

    private final List<JGroupsEngine> members = new ArrayList<>();

    @AfterEach
    void stop() {
        for (JGroupsEngine member : members.reversed()) {
            member.close();
        }
    }

    @Test
    void threeMembersFormReplicateAndDropACrashedOne() throws Exception {
        String cluster = "udp-" + System.nanoTime();
        ClusterSecret secret = ClusterSecret.generate();
        List<JGroupsEngine> three = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            three.add(start("node" + i, cluster, secret));
        }
        awaitViews(three);

        SessionId id = create(three.get(0), "first");
        for (JGroupsEngine member : three.subList(1, 3)) {
            assertThat(member.store().peek(id)).as(member.self() + "'s copy").get()
                    .satisfies(copy -> assertThat(copy.attributes()).containsEntry("step", "first"));
        }

        three.get(2).faultPoint().halt();
        List<JGroupsEngine> survivors = three.subList(0, 2);
        awaitViews(survivors);

        write(three.get(0), id, "after the crash");
        assertThat(three.get(1).store().peek(id).orElseThrow().attributes()).containsEntry("step", "after the crash");
    }

    @Test
    void twoClustersWithDifferentNamesStartedAtOnceStaySeparate() throws Exception {
        ClusterSecret shared = ClusterSecret.generate();
        assertStaySeparate("udp-a-" + System.nanoTime(), shared, "udp-b-" + System.nanoTime(), shared);
    }

    @Test
    void twoRunsOfOneClusterNameWithTheirOwnSecretsStaySeparate() throws Exception {
        String name = "udp-same-" + System.nanoTime();
        assertStaySeparate(name, ClusterSecret.generate(), name, ClusterSecret.generate());
    }

    private void assertStaySeparate(String firstName, ClusterSecret firstSecret, String secondName,
                                    ClusterSecret secondSecret) throws Exception {
        assertThat(MulticastGroup.of(firstName, firstSecret)).isNotEqualTo(MulticastGroup.of(secondName, secondSecret));
        List<JGroupsEngine> first = new ArrayList<>();
        List<JGroupsEngine> second = new ArrayList<>();
        // Interleaved, so each cluster's discovery runs while the other's members are up.
        for (int i = 1; i <= 2; i++) {
            first.add(start("a" + i, firstName, firstSecret));
            second.add(start("b" + i, secondName, secondSecret));
        }
        awaitViews(first);
        awaitViews(second);
        assertThat(names(first.getFirst())).containsExactlyInAnyOrder("a1", "a2");
        assertThat(names(second.getFirst())).containsExactlyInAnyOrder("b1", "b2");
    }

    private JGroupsEngine start(String name, String cluster, ClusterSecret secret) throws Exception {
        var stack = new UdpStackSpec(LOOPBACK, freePort(), MulticastGroup.of(cluster, secret), secret,
                StackPreset.TUNED.tuning().withTransport(TransportKind.UDP));
        JGroupsEngine member = JGroupsEngine.start(new NodeId(name), cluster, stack, ReplicationSpec.fullSync());
        members.add(member);
        return member;
    }

    private static void awaitViews(List<JGroupsEngine> cluster) {
        Set<String> expected = cluster.stream().map(member -> member.self().name()).collect(Collectors.toSet());
        await().atMost(VIEWS).until(() -> cluster.stream().allMatch(member -> names(member).equals(expected)));
    }

    private static Set<String> names(JGroupsEngine member) {
        return member.view().members().stream().map(NodeId::name).collect(Collectors.toSet());
    }

    private static SessionId create(JGroupsEngine node, String step) throws ReplicationException {
        try (ActiveSession active = node.store().create()) {
            active.session().setAttribute("step", step);
            node.store().update(active);
            return active.session().id();
        }
    }

    private static void write(JGroupsEngine node, SessionId id, String step) throws ReplicationException {
        try (ActiveSession active = node.store().find(id).orElseThrow()) {
            active.session().setAttribute("step", step);
            node.store().update(active);
        }
    }

    /** A UDP port free on loopback with its FD_SOCK2 (TCP) port at +100. */
    private static int freePort() throws IOException {
        var random = new SecureRandom();
        while (true) {
            int port = 12_000 + random.nextInt(20_000);
            try (DatagramSocket unicast = new DatagramSocket(new InetSocketAddress(LOOPBACK, port));
                 ServerSocket failureDetection = new ServerSocket(
                         port + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET, 1, LOOPBACK)) {
                return port;
            } catch (IOException taken) {
                // try another
            }
        }
    }
}

package io.replsim.replication.engine;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.session.ActiveSession;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Real members on JGroups' UDP transport on loopback (multicast to the cluster's group, TTL 0): a cluster forms by
 * PING, replicates (over direct streams, as on TCP) and drops a crashed member; and clusters started at once on this
 * machine never see each other, whether they differ by name (one secret, as in-JVM tests share) or only by secret
 * (two runs of one scenario: on one group the second run's joins would be refused by the first's coordinator).
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class UdpClusterTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final Duration VIEWS = Duration.ofSeconds(30);

    private final List<JGroupsEngine> members = new CopyOnWriteArrayList<>();

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
    void clustersStartedAtOnceStayApartWhetherTheyDifferByNameOrOnlyByRun() throws Exception {
        // a and b: two clusters of one JVM (one secret, two names); a and c: two runs of one scenario (one name,
        // each run's own secret).
        String name = "udp-a-" + System.nanoTime();
        ClusterSecret secret = ClusterSecret.generate();
        List<Cluster> clusters = List.of(new Cluster("a", name, secret),
                new Cluster("b", "udp-b-" + System.nanoTime(), secret),
                new Cluster("c", name, ClusterSecret.generate()));
        assertThat(clusters.stream().map(Cluster::group).distinct()).hasSize(3);

        List<List<JGroupsEngine>> started = new ArrayList<>();
        clusters.forEach(cluster -> started.add(new ArrayList<>()));
        // Each round starts one member of every cluster at once, so each cluster's discovery runs while the other
        // clusters' members are up and multicasting too.
        for (int round = 1; round <= 2; round++) {
            int member = round;
            try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<JGroupsEngine>> joining = clusters.stream().map(cluster -> threads.submit(
                        () -> start(cluster.prefix() + member, cluster.name(), cluster.secret()))).toList();
                for (int i = 0; i < clusters.size(); i++) {
                    started.get(i).add(joining.get(i).get());
                }
            }
        }
        for (int i = 0; i < clusters.size(); i++) {
            awaitViews(started.get(i));
            String prefix = clusters.get(i).prefix();
            assertThat(names(started.get(i).getFirst())).containsExactlyInAnyOrder(prefix + 1, prefix + 2);
        }
    }

    private record Cluster(String prefix, String name, ClusterSecret secret) {
        MulticastGroup group() {
            return MulticastGroup.of(name, secret);
        }
    }

    /** A member found by multicast, so it can take another port when its own was taken before it bound it. */
    private JGroupsEngine start(String name, String cluster, ClusterSecret secret) throws Exception {
        JGroupsEngine member = MemberPorts.startOnFreePort(port -> JGroupsEngine.start(new NodeId(name), cluster,
                new UdpStackSpec(LOOPBACK, port, MulticastGroup.of(cluster, secret), secret,
                        StackPreset.TUNED.tuning().withTransport(TransportKind.UDP)),
                ReplicationSpec.fullSync()));
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
}

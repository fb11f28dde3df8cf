package io.replsim.replication.transport;

import org.jgroups.Address;
import org.jgroups.JChannel;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.awaitility.Awaitility.await;

/**
 * A member whose process is SIGKILLed on a live host: its ports close with it, so the survivors' connects to it are
 * refused (on either TCP transport) and a closed port confirms the suspicion FD_SOCK2 raised. VERIFY_SUSPECT2's
 * timeout and FD_ALL3's are a minute here, so a view without the dead member within the deadline below comes from that
 * confirmation alone.
 */
@Timeout(120)
class KilledMemberProcessTest {
    private static final Duration A_MINUTE = Duration.ofMinutes(1);
    /** Far below either timeout, far above a loaded machine's scheduling delays. */
    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static final StackTuning.FailureDetection CLOSED_PORT_CONFIRMS = new StackTuning.FailureDetection(
            A_MINUTE, Duration.ofSeconds(10), A_MINUTE, true, true);

    @ParameterizedTest
    @EnumSource(value = TransportKind.class, names = {"TCP_NIO2", "TCP"})
    void aKilledMembersClosedPortDropsItFromTheSurvivorsViewsWithoutWaitingForTheTimeouts(TransportKind transport)
            throws Exception {
        var cluster = ThreeMemberCluster.named("killed-member-");
        List<Integer> ports = cluster.ports();
        List<JChannel> survivors = new ArrayList<>();
        Process member = null;
        try {
            survivors.add(connect("node1", cluster, 0, transport, Formation.FOUND));
            survivors.add(connect("node2", cluster, 1, transport, Formation.JOIN));
            member = MemberProcess.start("node3", cluster.name(), ports.get(2), ports, cluster.secretText(), transport,
                    CLOSED_PORT_CONFIRMS, DEADLINE);
            await().atMost(DEADLINE).until(() -> survivors.stream().allMatch(channel -> channel.getView().size() == 3));
            Address node3 = survivors.getFirst().getView().getMembers().stream()
                    .filter(address -> "node3".equals(address.toString())).findFirst().orElseThrow();

            MemberProcess.kill(member);

            await().atMost(DEADLINE).until(() -> survivors.stream()
                    .allMatch(channel -> channel.getView().size() == 2 && !channel.getView().containsMember(node3)));
        } finally {
            if (member != null) {
                MemberProcess.kill(member);
            }
            survivors.reversed().forEach(JChannel::close);
        }
    }

    private static JChannel connect(String name, ThreeMemberCluster cluster, int member, TransportKind transport,
                                    Formation formation) throws Exception {
        JChannel channel = new JChannel(MemberProcess.stack(cluster.ports().get(member), cluster.ports(),
                cluster.secret(), transport, CLOSED_PORT_CONFIRMS, formation).protocols()).name(name);
        channel.connect(cluster.name());
        return channel;
    }
}

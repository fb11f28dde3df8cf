package io.replsim.replication.transport;

import org.jgroups.JChannel;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.stack.Protocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * node1 watches node2 (FD_SOCK2's ring), and when node2's process is SIGKILLed node1 must connect to node3 next.
 * node3's first FD_SOCK2 port is held by a listener that accepts and never answers, and node1 waits up to 30 s for an
 * answer there; VERIFY_SUSPECT2's and FD_ALL3's timeouts are a minute, and a closed port confirms a suspicion. So node2
 * leaves node1's view within the deadline only if node1 suspected it at the close, before that connect.
 */
@Timeout(90)
class SuspectOnCloseFdSock2Test {
    private static final Duration A_MINUTE = Duration.ofMinutes(1);
    private static final Duration DEADLINE = Duration.ofSeconds(10);
    private static final int CONNECT_TIMEOUT_MILLIS = 30_000;
    private static final StackTuning.FailureDetection CLOSED_PORT_CONFIRMS = new StackTuning.FailureDetection(
            A_MINUTE, Duration.ofSeconds(10), A_MINUTE, true, true);

    @Test
    void aNeighbourWhoseConnectionClosedIsSuspectedBeforeTheNextNeighbourAnswers() throws Exception {
        var cluster = ThreeMemberCluster.named("suspect-on-close-");
        List<Integer> ports = cluster.ports();
        List<JChannel> members = new ArrayList<>();
        Process node2 = null;
        try (var silent = new ServerSocket(ports.get(2) + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET, 50,
                InetAddress.getLoopbackAddress())) {
            List<Protocol> protocols = MemberProcess.stack(ports.get(0), ports, cluster.secret(),
                    CLOSED_PORT_CONFIRMS, Formation.FOUND).protocols();
            protocols.stream().filter(FD_SOCK2.class::isInstance)
                    .forEach(monitor -> monitor.setValue("connect_timeout", CONNECT_TIMEOUT_MILLIS));
            JChannel node1 = new JChannel(protocols).name("node1");
            node1.connect(cluster.name());
            members.add(node1);
            node2 = MemberProcess.start("node2", cluster.name(), ports.get(1), ports, cluster.secretText(),
                    TransportKind.TCP_NIO2, CLOSED_PORT_CONFIRMS, DEADLINE);
            JChannel node3 = new JChannel(MemberProcess.stack(ports.get(2), ports, cluster.secret(),
                    CLOSED_PORT_CONFIRMS, Formation.JOIN).protocols()).name("node3");
            node3.connect(cluster.name());
            members.add(node3);
            await().atMost(DEADLINE).until(() -> members.stream().allMatch(member -> member.getView().size() == 3));
            assertThat(node1.getView().getMembers()).as("the ring: node1 watches node2, then node3")
                    .startsWith(node1.getAddress()).endsWith(node3.getAddress());

            MemberProcess.kill(node2);

            await().atMost(DEADLINE).until(() -> node1.getView().getMembers().equals(
                    List.of(node1.getAddress(), node3.getAddress())));
        } finally {
            if (node2 != null) {
                MemberProcess.kill(node2);
            }
            members.reversed().forEach(JChannel::close);
        }
    }
}

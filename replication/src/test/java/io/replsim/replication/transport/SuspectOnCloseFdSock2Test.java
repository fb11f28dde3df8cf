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
 * node1 watches node2 (FD_SOCK2's ring), and when node2's stack stops without a leave (its ports close, as a killed
 * process's do) node1 must connect to node3 next. node3's first FD_SOCK2 port is held by a listener that accepts and
 * never answers, and node1 waits up to 30 s for an answer there; VERIFY_SUSPECT2's and FD_ALL3's timeouts are a
 * minute, and a closed port confirms a suspicion. So node2 leaves node1's view within the deadline only if node1
 * suspected it at the close, before that connect.
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
        String cluster = "suspect-on-close-" + System.nanoTime();
        ClusterSecret secret = ClusterSecret.generate();
        List<Integer> ports = List.of(MemberPorts.free(), MemberPorts.free(), MemberPorts.free());
        List<JChannel> members = new ArrayList<>();
        try (var silent = new ServerSocket(ports.get(2) + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET, 50,
                InetAddress.getLoopbackAddress())) {
            for (int i = 0; i < 3; i++) {
                List<Protocol> protocols = MemberProcess.stack(ports.get(i), ports, secret, CLOSED_PORT_CONFIRMS,
                        i == 0 ? Formation.FOUND : Formation.JOIN).protocols();
                if (i == 0) {
                    protocols.stream().filter(FD_SOCK2.class::isInstance)
                            .forEach(monitor -> monitor.setValue("connect_timeout", CONNECT_TIMEOUT_MILLIS));
                }
                JChannel member = new JChannel(protocols).name("node" + (i + 1));
                member.connect(cluster);
                members.add(member);
            }
            await().atMost(DEADLINE).until(() -> members.stream().allMatch(member -> member.getView().size() == 3));
            JChannel node1 = members.get(0);
            assertThat(node1.getView().getMembers()).as("the ring: node1 watches node2")
                    .containsExactly(node1.getAddress(), members.get(1).getAddress(), members.get(2).getAddress());

            members.get(1).getProtocolStack().stopStack(cluster); // no leave: its ports close

            await().atMost(DEADLINE).until(() -> node1.getView().getMembers().equals(
                    List.of(node1.getAddress(), members.get(2).getAddress())));
        } finally {
            members.reversed().forEach(JChannel::close);
        }
    }
}

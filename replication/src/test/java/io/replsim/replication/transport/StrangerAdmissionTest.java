package io.replsim.replication.transport;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.engine.LoopbackCluster;
import io.replsim.replication.engine.JGroupsEngine;
import io.replsim.replication.marshalling.MessageMarshaller;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AckStatus;
import io.replsim.replication.message.WholeSessionUpdate;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.transport.stream.StreamEndpoints;
import org.jgroups.BytesMessage;
import org.jgroups.Event;
import org.jgroups.JChannel;
import org.jgroups.blocks.MessageDispatcher;
import org.jgroups.blocks.RequestOptions;
import org.jgroups.protocols.AUTH;
import org.jgroups.protocols.MERGE3;
import org.jgroups.stack.IpAddress;
import org.jgroups.stack.Protocol;
import org.jgroups.util.Tuple;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * Processes that name the cluster and a member but do not know the cluster secret, against real members: a JGroups
 * channel over TCP on loopback, and a raw socket to a member's direct-stream port. Each is refused, counted in the
 * member's {@code peersRefused}, and the session it pushes is never applied. Before the secret existed the channel
 * joined and both pushes were applied. The checks behind the wire's seal (AUTH on a join, the view check on a
 * request) are tried with sealed frames: a join with a wrong proof, a request from a process outside the view.
 */
class StrangerAdmissionTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final ClusterSecret SECRET = ClusterSecret.generate();
    private static final ClusterSecret WRONG_SECRET = ClusterSecret.generate();
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    @Test
    void aChannelWithTheRightClusterNameButAWrongSecretIsRefusedAtTheWire() throws Exception {
        String cluster = "stranger-join-" + System.nanoTime();
        int[] ports = freePorts(2);
        List<InetSocketAddress> members = List.of(new InetSocketAddress(LOOPBACK, ports[0]),
                new InetSocketAddress(LOOPBACK, ports[1]));
        try (var member = JGroupsEngine.start(new NodeId("node1"), cluster,
                new TcpStackSpec(LOOPBACK, ports[0], members, SECRET), ReplicationSpec.fullSync());
             var stranger = new JChannel(new TcpStackSpec(LOOPBACK, ports[1], members, WRONG_SECRET).protocols())
                     .name("stranger")) {

            // Its frames are not sealed with the member's secret: the member reads none of them, so the stranger
            // hears from nobody and founds a view of its own.
            stranger.connect(cluster);

            assertThat(stranger.getView().getMembers()).as("the stranger's view").hasSize(1);
            assertThat(member.view().members()).containsExactly(new NodeId("node1"));
            await().atMost(PATIENCE).until(() -> member.stats().traffic().peersRefused() >= 1);
        }
    }

    /** Behind the wire's seal AUTH still checks every join: one whose proof fails is refused and counted. */
    @Test
    void aJoinWhoseProofFailsIsRefusedByAuthEvenWithSealedFrames() throws Exception {
        String cluster = "stranger-auth-" + System.nanoTime();
        int[] ports = freePorts(2);
        List<InetSocketAddress> members = List.of(new InetSocketAddress(LOOPBACK, ports[0]),
                new InetSocketAddress(LOOPBACK, ports[1]));
        List<Protocol> joining = new TcpStackSpec(LOOPBACK, ports[1], members, SECRET).protocols();
        AUTH auth = joining.stream().filter(AUTH.class::isInstance).map(AUTH.class::cast).findFirst().orElseThrow();
        var wrongProof = new SecretJoinToken(WRONG_SECRET);
        wrongProof.setAuth(auth);
        auth.setAuthToken(wrongProof);
        try (var member = JGroupsEngine.start(new NodeId("node1"), cluster,
                new TcpStackSpec(LOOPBACK, ports[0], members, SECRET), ReplicationSpec.fullSync());
             var stranger = new JChannel(joining).name("stranger")) {

            Throwable joined = catchThrowable(() -> stranger.connect(cluster));

            assertThat(joined).as("the stranger's join").isInstanceOf(SecurityException.class);
            assertThat(member.view().members()).containsExactly(new NodeId("node1"));
            assertThat(member.stats().traffic().peersRefused()).isGreaterThanOrEqualTo(1);
        }
    }

    @Test
    void aStrangerThatFoundsItsOwnViewAndSendsARequestToAMemberHasNothingApplied() throws Exception {
        assertARequestFromOutsideTheViewHasNothingApplied(WRONG_SECRET);
    }

    /**
     * A process with the secret (a member of another partition, say) that is not in the member's view: its frames
     * pass the seal, and the transport's view check refuses its request (the only refusal there is to count).
     */
    @Test
    void aRequestFromAProcessOutsideTheViewHasNothingAppliedEvenWithSealedFrames() throws Exception {
        assertARequestFromOutsideTheViewHasNothingApplied(SECRET);
    }

    private static void assertARequestFromOutsideTheViewHasNothingApplied(ClusterSecret sendersSecret)
            throws Exception {
        String cluster = "stranger-unicast-" + System.nanoTime();
        int[] ports = freePorts(2);
        // It knows no member, and looks for none (no MERGE3): it founds a view of its own under the cluster's name.
        List<Protocol> sending = new ArrayList<>(new TcpStackSpec(LOOPBACK, ports[1],
                List.of(new InetSocketAddress(LOOPBACK, ports[1])), sendersSecret).protocols());
        sending.removeIf(MERGE3.class::isInstance);
        try (var member = JGroupsEngine.start(new NodeId("node1"), cluster,
                new TcpStackSpec(LOOPBACK, ports[0], List.of(new InetSocketAddress(LOOPBACK, ports[0])), SECRET),
                ReplicationSpec.fullSync());
             var stranger = new JChannel(sending).name("stranger")) {
            stranger.connect(cluster);
            var memberAddress = member.transport().address();
            stranger.down(new Event(Event.ADD_PHYSICAL_ADDRESS,
                    new Tuple<>(memberAddress, new IpAddress(LOOPBACK, ports[0]))));
            SessionId pushed = new SessionId("pushed-by-a-stranger");

            try (var dispatcher = new MessageDispatcher(stranger, request -> null)) {
                // An answer need not come back (unsealed, the request is never read; sealed, the member refuses it
                // but does not know where the sender listens): what counts is what the member did with it.
                byte[] answer = null;
                try {
                    answer = dispatcher.sendMessage(new BytesMessage(memberAddress, update(pushed)),
                            RequestOptions.SYNC().timeout(3_000));
                } catch (TimeoutException unanswered) {
                    // as expected
                }
                if (answer != null) {
                    Ack ack = new AckCodec(MessageMarshaller.standard()).decode(answer).orElseThrow();
                    assertThat(ack.status()).as("the member's answer: %s", ack).isNotEqualTo(AckStatus.APPLIED);
                }
            }

            assertThat(member.holdsCopy(pushed)).isFalse();
            assertThat(member.store().counts().total()).isZero();
            await().atMost(PATIENCE).until(() -> member.stats().traffic().peersRefused() >= 1);
        }
    }

    @Test
    void aRawClientWithAWrongProofOnAMembersStreamPortIsClosedOnAndItsFrameNeverApplied() throws Exception {
        try (var cluster = LoopbackCluster.start(2, ReplicationSpec.fullSync())) {
            JGroupsEngine target = cluster.node(1);
            InetSocketAddress endpoint = StreamEndpoints.of(target.transport().address()).orElseThrow();
            SessionId pushed = new SessionId("streamed-by-a-stranger");

            try (var socket = new Socket(endpoint.getAddress(), endpoint.getPort())) {
                socket.setSoTimeout((int) PATIENCE.toMillis()); // a broken server fails the test, not hangs it
                var out = new DataOutputStream(socket.getOutputStream());
                writeHello(out, cluster.name(), "node2"); // a member's name, as the stranger can read off the wire
                byte[] nonce = new byte[16];
                new SecureRandom().nextBytes(nonce);
                out.write(nonce);
                out.flush();
                new DataInputStream(socket.getInputStream()).readFully(new byte[16 + 32]); // the server's challenge
                var rest = new ByteArrayOutputStream();
                var frame = new DataOutputStream(rest);
                frame.write(WRONG_SECRET.mac(nonce)); // 32 bytes where the proof goes, made without the secret
                byte[] update = update(pushed);
                frame.writeInt(update.length);
                frame.write(update);
                out.write(rest.toByteArray());
                out.flush();

                assertThat(readUntilClosed(socket)).as("bytes the server answered after the proof").isZero();
            }

            await().atMost(PATIENCE).until(() -> target.stats().traffic().peersRefused() == 1);
            assertThat(target.holdsCopy(pushed)).isFalse();
            assertThat(cluster.node(2).holdsCopy(pushed)).isFalse();
            assertThat(target.stats().traffic().messagesReceived()).isZero();
        }
    }

    /** The hello a direct stream starts with (StreamHello, written out by hand as a stranger would). */
    private static void writeHello(DataOutputStream out, String cluster, String sender) throws IOException {
        out.writeInt(0x52504C53);
        out.writeInt(2);
        out.writeUTF(cluster);
        out.writeUTF(sender);
    }

    /** A whole-session update of a new session, owned by the member the stranger impersonates. */
    private static byte[] update(SessionId id) {
        var snapshot = new SessionSnapshot(id, 1, new NodeId("node2"), 0, 0,
                Map.of("serial", 41));
        return MessageMarshaller.standard().marshal(new WholeSessionUpdate(snapshot));
    }

    private static int readUntilClosed(Socket socket) throws IOException {
        int total = 0;
        try {
            while (socket.getInputStream().read() >= 0) {
                total++;
            }
        } catch (SocketException reset) {
            // the server closed with our bytes unread: a reset is as good as an end of stream
        }
        return total;
    }

    /**
     * Ports free on loopback with their FD_SOCK2 port (+100) free too, below the kernel's ephemeral range (32768 and
     * up), where every outgoing connection on this shared machine would otherwise take one between probe and bind.
     */
    private static int[] freePorts(int count) throws IOException {
        int[] ports = new int[count];
        var random = new SecureRandom();
        for (int i = 0; i < count; i++) {
            while (true) {
                int port = 12_000 + random.nextInt(20_000);
                try (ServerSocket probe = new ServerSocket(port, 1, LOOPBACK);
                     ServerSocket failureDetection = new ServerSocket(
                             port + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET, 1, LOOPBACK)) {
                    if (i == 0 || Math.abs(port - ports[0]) > TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET + 1) {
                        ports[i] = port;
                        break;
                    }
                } catch (IOException taken) {
                    // try another
                }
            }
        }
        return ports;
    }
}

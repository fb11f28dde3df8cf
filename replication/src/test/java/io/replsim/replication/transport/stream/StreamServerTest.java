package io.replsim.replication.transport.stream;

import io.replsim.replication.NodeId;
import io.replsim.replication.transport.ClusterSecret;
import io.replsim.replication.transport.wire.Stranger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The receiving end of direct streams, over real loopback sockets, against a raw client that sends what it likes. */
class StreamServerTest {
    private static final String CLUSTER = "stream-server-test";
    private static final NodeId MEMBER = new NodeId("node1");
    private static final NodeId STRANGER = new NodeId("intruder");

    private static final ClusterSecret SECRET = new ClusterSecret("stream-server-test-secret");
    private static final ClusterSecret WRONG_SECRET = new ClusterSecret("a-guess-at-the-secret");

    private final AtomicInteger handled = new AtomicInteger();
    private final List<String> refusals = new CopyOnWriteArrayList<>();
    private final AtomicBoolean takesFrames = new AtomicBoolean(true);
    private StreamServer server;

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    private void start(long maxFrameBytes) throws IOException {
        server = StreamServer.start(InetAddress.getLoopbackAddress(), CLUSTER, Optional.of(SECRET), new NodeId("node2"),
                maxFrameBytes, new StreamServer.Admission() {
                    @Override
                    public boolean isMember(NodeId sender) {
                        return sender.equals(MEMBER);
                    }

                    @Override
                    public boolean takesFrames() {
                        return takesFrames.get();
                    }

                    @Override
                    public void refused(String reason) {
                        refusals.add(reason);
                    }
                },
                (sender, frame) -> {
                    handled.incrementAndGet();
                    return new byte[] {(byte) frame.length, frame[0]};
                });
    }

    private Socket connect() throws IOException {
        var socket = new Socket(server.endpoint().getAddress(), server.endpoint().getPort());
        socket.setSoTimeout((int) Duration.ofSeconds(10).toMillis()); // a broken server fails the test, not hangs it
        return socket;
    }

    /** The handshake as a sender with the right secret runs it, then a frame. */
    private static void sendFrame(Socket socket, StreamHello hello, int length) throws IOException {
        sendFrame(socket, hello, SECRET, length);
    }

    /**
     * The hello and the sender's nonce, the server's challenge read, then the proof made with {@code secret} and the
     * frame in one write: a server that closes after the proof must not fail our write.
     */
    private static void sendFrame(Socket socket, StreamHello hello, ClusterSecret secret, int length)
            throws IOException {
        var offer = new DataOutputStream(socket.getOutputStream());
        hello.writeTo(offer);
        byte[] nonce = StreamHandshake.senderNonce(Optional.of(secret));
        offer.write(nonce);
        offer.flush();
        byte[] proof;
        try {
            proof = StreamHandshake.answerServer(Optional.of(secret), hello, nonce,
                    new DataInputStream(socket.getInputStream()));
        } catch (IOException serverUnproven) {
            // With the wrong secret the server's proof fails our check too; send a proof of our secret regardless,
            // as an attacker who ignores the check would.
            proof = secret.mac(new byte[] {0});
        }
        var bytes = new ByteArrayOutputStream();
        var out = new DataOutputStream(bytes);
        out.write(proof);
        out.writeInt(length);
        byte[] frame = new byte[Math.min(length, 1 << 16)];
        frame[0] = 42;
        out.write(frame);
        socket.getOutputStream().write(bytes.toByteArray());
    }

    /** The server closed: an orderly end of stream, or a reset when it closed with our bytes still unread. */
    private static void assertClosedByServer(Socket socket) throws IOException {
        int read;
        try {
            read = socket.getInputStream().read();
        } catch (SocketException reset) {
            read = -1;
        }
        assertThat(read).isEqualTo(-1);
    }

    @Test
    void aMemberGetsTheHandlersAnswerOnTheSameStreamFrameAfterFrame() throws IOException {
        start(1 << 20);
        try (Socket socket = connect()) {
            sendFrame(socket, new StreamHello(CLUSTER, MEMBER), 7);
            var in = new DataInputStream(socket.getInputStream());
            assertThat(in.readInt()).isEqualTo(2);
            assertThat(new byte[] {in.readByte(), in.readByte()}).containsExactly(7, 42);

            var out = new DataOutputStream(socket.getOutputStream());
            out.writeInt(3);
            out.write(new byte[] {9, 0, 0});
            out.flush();
            assertThat(in.readInt()).isEqualTo(2);
            assertThat(new byte[] {in.readByte(), in.readByte()}).containsExactly(3, 9);
        }
        assertThat(handled).hasValue(2);
    }

    @Test
    void aSenderThatIsNotAMemberIsClosedOnBeforeAnyFrameIsHandled() throws IOException {
        start(1 << 20);
        try (Socket socket = connect()) {
            sendFrame(socket, new StreamHello(CLUSTER, STRANGER), 7);
            assertClosedByServer(socket);
        }
        assertThat(handled).hasValue(0);
        assertThat(refusals).as("a peer that proved the secret is no stranger").isEmpty();
    }

    @Test
    void aMemberNameWithoutTheClusterSecretIsClosedOnBeforeAnyFrameIsRead() throws IOException {
        start(1 << 20);
        try (Socket socket = connect()) {
            sendFrame(socket, new StreamHello(CLUSTER, MEMBER), WRONG_SECRET, 7);
            assertClosedByServer(socket);
        }
        assertThat(handled).hasValue(0);
        assertThat(refusals).singleElement().asString().contains("no proof of the cluster secret");
    }

    @Test
    void aHelloFollowedStraightByAFrameAsBeforeTheSecretIsClosedOn() throws IOException {
        start(1 << 20);
        try (Socket socket = connect()) {
            var bytes = new ByteArrayOutputStream();
            var out = new DataOutputStream(bytes);
            new StreamHello(CLUSTER, MEMBER).writeTo(out);
            out.writeInt(64);
            out.write(new byte[64]); // length and frame pass for a nonce (16 bytes) and a proof (32): a wrong one
            socket.getOutputStream().write(bytes.toByteArray());
            new DataInputStream(socket.getInputStream())
                    .readFully(new byte[StreamHandshake.NONCE_BYTES + StreamHandshake.PROOF_BYTES]); // the challenge
            assertClosedByServer(socket);
        }
        assertThat(handled).hasValue(0);
        assertThat(refusals).hasSize(1);
    }

    @Test
    void aMemberNameFromAnotherClusterIsClosedOn() throws IOException {
        start(1 << 20);
        try (Socket socket = connect()) {
            sendFrame(socket, new StreamHello("another-cluster", MEMBER), 7);
            assertClosedByServer(socket);
        }
        assertThat(handled).hasValue(0);
    }

    @Test
    void somethingThatIsNotAStreamHelloIsClosedOn() throws IOException {
        start(1 << 20);
        try (Socket socket = connect()) {
            socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes());
            assertClosedByServer(socket);
        }
        assertThat(handled).hasValue(0);
    }

    @Test
    void aFrameLongerThanTheLimitClosesTheStreamUnread() throws IOException {
        start(1_000);
        try (Socket socket = connect()) {
            sendFrame(socket, new StreamHello(CLUSTER, MEMBER), 5_000);
            assertClosedByServer(socket);
        }
        assertThat(handled).hasValue(0);
    }

    @Test
    void whileTheServerTakesNoFramesAFrameIsLeftUnhandledAndTheStreamClosed() throws IOException {
        start(1 << 20);
        takesFrames.set(false);
        try (Socket socket = connect()) {
            sendFrame(socket, new StreamHello(CLUSTER, MEMBER), 7);
            assertClosedByServer(socket);
        }
        assertThat(handled).hasValue(0);
    }

    @Test
    void droppingASenderThatLeftTheViewClosesItsStream() throws IOException {
        start(1 << 20);
        try (Socket socket = connect()) {
            sendFrame(socket, new StreamHello(CLUSTER, MEMBER), 7);
            var in = new DataInputStream(socket.getInputStream());
            assertThat(in.readInt()).isEqualTo(2);
            in.readShort();

            server.dropAllBut(Set.of(new NodeId("node2")));

            assertClosedByServer(socket);
        }
    }

    @Test
    void aPeerDrippingAHelloIsCutOffAtTheHandshakesDeadlineAndCountedWhileAMembersStreamIsServed() throws Exception {
        start(1 << 20);
        // A hello that speaks the protocol, so the server keeps reading: a byte every 300 ms would take 15 s.
        var hello = new ByteArrayOutputStream();
        new StreamHello("a-cluster-name-long-enough-to-drip-for-fifteen-seconds", MEMBER)
                .writeTo(new DataOutputStream(hello));
        try (Stranger drip = Stranger.connect(server.endpoint());
             var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Boolean> dripping = threads.submit(() -> drip.drip(hello.toByteArray(), Duration.ofMillis(300)));
            try (Socket member = connect()) {
                sendFrame(member, new StreamHello(CLUSTER, MEMBER), 7);
                assertThat(new DataInputStream(member.getInputStream()).readInt()).as("the member's answer")
                        .isEqualTo(2);
            }
            assertThat(dripping.get(30, TimeUnit.SECONDS)).as("the whole drip went out: the server never cut it off")
                    .isFalse();
        }
        assertThat(handled).hasValue(1);
        assertThat(refusals).singleElement().asString().contains("no handshake within");
    }
}

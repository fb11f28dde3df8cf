package io.replsim.replication.transport.stream;

import io.replsim.replication.NodeId;
import io.replsim.replication.transport.ClusterSecret;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.function.UnaryOperator;
import java.util.zip.CRC32;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** The sending end of direct streams against real loopback servers that misbehave in the ways a backup can. */
class StreamSenderTest {
    private static final NodeId TARGET = new NodeId("node2");
    private static final byte[] FRAME = new byte[64 * 1024];

    /** No key: these servers speak only the hello; the challenge has tests of its own. */
    private final StreamSender sender = new StreamSender("stream-sender-test", new NodeId("node1"), Optional.empty(),
            4, Duration.ofMillis(300), 1 << 20);
    private final List<Socket> accepted = new CopyOnWriteArrayList<>();
    private final List<ServerSocket> servers = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() throws IOException {
        sender.close();
        for (ServerSocket server : servers) {
            server.close();
        }
        for (Socket socket : accepted) {
            socket.close();
        }
    }

    /** A server that hands each accepted connection to {@code behaviour} on a thread of its own. */
    private InetSocketAddress serve(SocketBehaviour behaviour) throws IOException {
        var server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        servers.add(server);
        Thread.ofPlatform().daemon().start(() -> {
            try {
                while (true) {
                    Socket socket = server.accept();
                    accepted.add(socket);
                    Thread.ofPlatform().daemon().start(() -> {
                        try {
                            behaviour.serve(socket);
                        } catch (IOException closed) {
                            // the test is over
                        }
                    });
                }
            } catch (IOException closed) {
                // the test is over
            }
        });
        return (InetSocketAddress) server.getLocalSocketAddress();
    }

    @FunctionalInterface
    private interface SocketBehaviour {
        void serve(Socket socket) throws IOException;
    }

    private static long deadlineIn(Duration duration) {
        return System.nanoTime() + duration.toNanos();
    }

    /** Reads the hello and every frame, answering none: a backup that froze after taking the bytes. */
    private static void readForever(Socket socket) throws IOException {
        var in = new DataInputStream(socket.getInputStream());
        StreamHello.readFrom(in);
        byte[] buffer = new byte[1 << 16];
        while (in.read(buffer) >= 0) {
            // swallow
        }
    }

    @Test
    void aFrameAnsweredIsReturnedAndItsStreamReused() throws IOException {
        List<Socket> connections = new CopyOnWriteArrayList<>();
        InetSocketAddress endpoint = serve(socket -> {
            connections.add(socket);
            answerEach(socket, frame -> new byte[] {(byte) (frame.length >>> 16)});
        });

        for (int i = 0; i < 3; i++) {
            var outcome = sender.exchange(FRAME, FRAME.length, Map.of(TARGET, endpoint), deadlineIn(Duration.ofSeconds(10)));
            assertThat(outcome.get(TARGET)).isInstanceOfSatisfying(StreamSender.Outcome.Answered.class,
                    answered -> assertThat(answered.answer()).containsExactly(1));
        }
        assertThat(connections).hasSize(1);
    }

    @Test
    void aBackupThatTakesTheFrameButNeverAnswersTimesOutAtTheDeadline() {
        InetSocketAddress endpoint = assertDoesNotThrow(() -> serve(StreamSenderTest::readForever));

        var outcome = assertTimeoutPreemptively(Duration.ofSeconds(30), () ->
                sender.exchange(FRAME, FRAME.length, Map.of(TARGET, endpoint), deadlineIn(Duration.ofMillis(300))));

        assertThat(outcome.get(TARGET)).isInstanceOf(StreamSender.Outcome.TimedOut.class);
    }

    /** Reads the hello, then answers every frame at once with {@code answer}'s bytes for it. */
    private static void answerEach(Socket socket, UnaryOperator<byte[]> answer) throws IOException {
        var in = new DataInputStream(socket.getInputStream());
        StreamHello.readFrom(in);
        var out = new DataOutputStream(socket.getOutputStream());
        while (true) {
            byte[] frame = new byte[in.readInt()];
            in.readFully(frame);
            byte[] bytes = answer.apply(frame);
            out.writeInt(bytes.length);
            out.write(bytes);
            out.flush();
        }
    }

    /** Reads the hello, then answers every frame at once with one byte. */
    private static void answerEveryFrame(Socket socket) throws IOException {
        answerEach(socket, frame -> new byte[] {1});
    }

    /** A member that answers every frame at once; its streams, as accepted, go into {@code streams}. */
    private InetSocketAddress prompt(List<Socket> streams) {
        return assertDoesNotThrow(() -> serve(socket -> {
            streams.add(socket);
            answerEveryFrame(socket);
        }));
    }

    /** The prompt member answers the next frame on the one stream it was sent the first on. */
    private void assertAnsweredAgainOnTheSameStream(InetSocketAddress answering, List<Socket> streams) {
        var again = sender.exchange(FRAME, FRAME.length, Map.of(TARGET, answering), deadlineIn(Duration.ofSeconds(10)));
        assertThat(again.get(TARGET)).isInstanceOf(StreamSender.Outcome.Answered.class);
        assertThat(streams).as("the prompt member's stream, used again").hasSize(1);
    }

    @Test
    void anAnswerThatCameInTimeIsTakenAfterASlowerMembersDeadlineAndItsStreamKept() {
        List<Socket> prompt = new CopyOnWriteArrayList<>();
        InetSocketAddress answering = prompt(prompt);
        InetSocketAddress silent = assertDoesNotThrow(() -> serve(StreamSenderTest::readForever));
        NodeId slow = new NodeId("node3");
        // The silent member first: its answer is awaited first, past the deadline, then the prompt one's is read.
        Map<NodeId, InetSocketAddress> targets = new LinkedHashMap<>();
        targets.put(slow, silent);
        targets.put(TARGET, answering);

        var outcomes = assertTimeoutPreemptively(Duration.ofSeconds(30), () ->
                sender.exchange(FRAME, FRAME.length, targets, deadlineIn(Duration.ofMillis(300))));

        assertThat(outcomes.get(slow)).isInstanceOf(StreamSender.Outcome.TimedOut.class);
        assertThat(outcomes.get(TARGET)).isInstanceOf(StreamSender.Outcome.Answered.class);
        assertAnsweredAgainOnTheSameStream(answering, prompt);
    }

    /** Reads the hello, then nothing: a backup that froze (SIGSTOP) before taking the frame. */
    private static void freezeAfterHello(Socket socket) throws IOException {
        StreamHello.readFrom(new DataInputStream(socket.getInputStream()));
        try {
            new CountDownLatch(1).await(); // until the test closes the socket and ends
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aSmallFrameToABackupThatNeverReadsTimesOutAtTheDeadline() throws IOException {
        InetSocketAddress endpoint = serve(StreamSenderTest::freezeAfterHello);
        byte[] small = new byte[4 * 1024];

        var outcome = sender.exchange(small, small.length, Map.of(TARGET, endpoint), deadlineIn(Duration.ofMillis(300)));

        assertThat(outcome.get(TARGET)).isInstanceOf(StreamSender.Outcome.TimedOut.class);
    }

    @Test
    void aFrameLargerThanTheSocketBuffersToABackupThatNeverReadsTimesOutInTheMiddleOfItsWrite() throws IOException {
        InetSocketAddress endpoint = serve(StreamSenderTest::freezeAfterHello);
        byte[] large = new byte[8 << 20]; // far more than the kernel buffers on both ends hold

        var outcome = assertTimeoutPreemptively(Duration.ofSeconds(30), () ->
                sender.exchange(large, large.length, Map.of(TARGET, endpoint), deadlineIn(Duration.ofMillis(300))));

        assertThat(outcome.get(TARGET)).isInstanceOf(StreamSender.Outcome.TimedOut.class);
    }

    @Test
    void aLargeFrameCutAtAFrozenMembersDeadlineLeavesTheMembersWrittenBeforeItTheirAnswersAndStreams() {
        List<Socket> prompt = new CopyOnWriteArrayList<>();
        InetSocketAddress answering = prompt(prompt);
        InetSocketAddress frozen = assertDoesNotThrow(() -> serve(StreamSenderTest::freezeAfterHello));
        NodeId stuck = new NodeId("node3");
        // The prompt member is written first and answers; the write to the frozen one blocks until the deadline.
        Map<NodeId, InetSocketAddress> targets = new LinkedHashMap<>();
        targets.put(TARGET, answering);
        targets.put(stuck, frozen);
        byte[] large = new byte[8 << 20]; // far more than the kernel buffers on both ends hold

        var outcomes = assertTimeoutPreemptively(Duration.ofSeconds(30), () ->
                sender.exchange(large, large.length, targets, deadlineIn(Duration.ofMillis(300))));

        assertThat(outcomes.get(stuck)).isInstanceOf(StreamSender.Outcome.TimedOut.class);
        assertThat(outcomes.get(TARGET)).isInstanceOf(StreamSender.Outcome.Answered.class);
        assertAnsweredAgainOnTheSameStream(answering, prompt);
    }

    @Test
    void aStreamThatClosesBeforeAnsweringIsNotDeliveredSoTheCallerCanSendItAnotherWay() throws IOException {
        InetSocketAddress endpoint = serve(Socket::close);

        var outcome = sender.exchange(FRAME, FRAME.length, Map.of(TARGET, endpoint), deadlineIn(Duration.ofSeconds(10)));

        assertThat(outcome.get(TARGET)).isInstanceOf(StreamSender.Outcome.NotDelivered.class);
    }

    @Test
    void anEndpointThatRefusesConnectionsIsNotDeliveredAndNotTriedAgainAtOnce() throws IOException {
        InetSocketAddress endpoint;
        try (var closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            endpoint = (InetSocketAddress) closed.getLocalSocketAddress();
        }

        var first = sender.exchange(FRAME, FRAME.length, Map.of(TARGET, endpoint), deadlineIn(Duration.ofSeconds(10)));
        var second = sender.exchange(FRAME, FRAME.length, Map.of(TARGET, endpoint), deadlineIn(Duration.ofSeconds(10)));

        assertThat(first.get(TARGET)).isInstanceOf(StreamSender.Outcome.NotDelivered.class);
        assertThat(second.get(TARGET)).isInstanceOfSatisfying(StreamSender.Outcome.NotDelivered.class,
                notDelivered -> assertThat(notDelivered.reason()).isEqualTo("no stream available"));
    }

    @Test
    void aSenderWithAKeyGivesNoFrameToAServerThatCannotProveTheSecret() throws IOException {
        List<Integer> bytesAfterTheChallenge = new CopyOnWriteArrayList<>();
        InetSocketAddress endpoint = serve(socket -> {
            var in = new DataInputStream(socket.getInputStream());
            StreamHello.readFrom(in);
            in.readFully(new byte[StreamHandshake.NONCE_BYTES]);
            var out = new DataOutputStream(socket.getOutputStream());
            out.write(new byte[StreamHandshake.NONCE_BYTES]);
            out.write(new ClusterSecret("not-the-cluster-secret").mac(new byte[] {1})); // a proof of the wrong secret
            out.flush();
            int read;
            int total = 0;
            while ((read = in.read(new byte[1 << 16])) >= 0) {
                total += read;
            }
            bytesAfterTheChallenge.add(total);
        });
        try (var keyed = new StreamSender("stream-sender-test", new NodeId("node1"),
                Optional.of(new ClusterSecret("the-real-cluster-secret")), 4, Duration.ofSeconds(5), 1 << 20)) {
            var outcome = keyed.exchange(FRAME, FRAME.length, Map.of(TARGET, endpoint),
                    deadlineIn(Duration.ofSeconds(10)));

            assertThat(outcome.get(TARGET)).isInstanceOfSatisfying(StreamSender.Outcome.NotDelivered.class,
                    notDelivered -> assertThat(notDelivered.reason()).isEqualTo("no stream available"));
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> !bytesAfterTheChallenge.isEmpty());
        assertThat(bytesAfterTheChallenge).containsExactly(0);
    }

    @Test
    void anAnswerLargerThanTheLimitIsNotTaken() throws IOException {
        InetSocketAddress endpoint = serve(socket -> {
            var in = new DataInputStream(socket.getInputStream());
            StreamHello.readFrom(in);
            in.readFully(new byte[in.readInt()]);
            var out = new DataOutputStream(socket.getOutputStream());
            out.writeInt(Integer.MAX_VALUE);
            out.flush();
            readForever(socket);
        });

        var outcome = sender.exchange(FRAME, FRAME.length, Map.of(TARGET, endpoint), deadlineIn(Duration.ofSeconds(10)));

        assertThat(outcome.get(TARGET)).isInstanceOfSatisfying(StreamSender.Outcome.NotDelivered.class,
                notDelivered -> assertThat(notDelivered.reason()).contains("limit"));
    }

    /** Reads the hello, then answers every frame with its length and CRC-32: what arrived, byte for byte. */
    private static void answerWithDigest(Socket socket) throws IOException {
        answerEach(socket, frame -> digest(frame, frame.length));
    }

    private static byte[] digest(byte[] frame, int length) {
        var crc = new CRC32();
        crc.update(frame, 0, length);
        return ByteBuffer.allocate(Integer.BYTES + Long.BYTES).putInt(length).putLong(crc.getValue()).array();
    }

    @Test
    void everyMemberReceivesEachFrameByteForByteWhateverItsSizeAndTheFramesSentBeforeIt() {
        Map<NodeId, InetSocketAddress> members = new LinkedHashMap<>();
        for (String name : List.of("node2", "node3", "node4")) {
            members.put(new NodeId(name), assertDoesNotThrow(() -> serve(StreamSenderTest::answerWithDigest)));
        }
        var random = new Random(30);
        // within the socket buffers and beyond them (a write the deadline thread watches), in turn on the same streams
        int[] lengths = {100, 64 * 1024, StreamSender.UNWATCHED_WRITE_BYTES + 1_000, 5_000, 64 * 1024};
        for (int length : lengths) {
            byte[] frame = new byte[length + 7]; // only the first length bytes are the frame
            random.nextBytes(frame);
            byte[] expected = digest(frame, length);

            var outcomes = sender.exchange(frame, length, members, deadlineIn(Duration.ofSeconds(10)));

            assertThat(outcomes).as("a frame of %d bytes", length).hasSize(members.size())
                    .allSatisfy((member, outcome) -> assertThat(outcome).isInstanceOfSatisfying(
                            StreamSender.Outcome.Answered.class, answered -> assertThat(answered.answer())
                                    .as("%s's digest of the frame of %d bytes", member, length)
                                    .containsExactly(expected)));
        }
    }
}

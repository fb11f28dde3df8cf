package io.replsim.loadgen.exchange;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The event-loop client driven by a loop as small as the driver's: one selector, the selected keys passed to
 * {@link LoopClient#ready}, {@link LoopClient#expireLate} before each select, on the test's own thread. Servers are
 * real sockets on 127.0.0.1.
 */
@Timeout(30)
class LoopClientTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final String COUNTER_JSON = "{\"session\":\"abc\",\"serial\":%d,\"node\":\"n1\","
            + "\"digest\":\"0123456789abcdef\",\"created\":true}";
    private final List<AutoCloseable> toClose = new ArrayList<>();

    /** The counter's answer with serial {@code serial}, framed by Content-Length. */
    private static String counterAnswer(int serial) {
        String body = COUNTER_JSON.formatted(serial);
        return "HTTP/1.1 200 OK\r\nSet-Cookie: JSESSIONID=abc.n1; Path=/\r\nX-Replsim-Node: n1\r\nContent-Length: "
                + body.length() + "\r\n\r\n" + body;
    }

    /** The same answer in chunked encoding, the body in chunks of 10 bytes. */
    private static String chunkedCounterAnswer(int serial) {
        String body = COUNTER_JSON.formatted(serial);
        StringBuilder answer = new StringBuilder("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
        for (int at = 0; at < body.length(); at += 10) {
            String chunk = body.substring(at, Math.min(body.length(), at + 10));
            answer.append(Integer.toHexString(chunk.length())).append("\r\n").append(chunk).append("\r\n");
        }
        return answer.append("0\r\n\r\n").toString();
    }

    /** A loop on the test's thread around one client. */
    private static final class TestLoop implements AutoCloseable {
        final Selector selector;
        final LoopClient client;
        final ConnectionCount count = new ConnectionCount();
        int readyCalls;

        TestLoop(NodeEndpoint node, ConnectionMode mode, Duration timeout, TargetProtocol protocol,
                 Optional<ClientTls> tls) throws IOException {
            this.selector = Selector.open();
            this.client = new LoopClient(selector, List.of(node), "/counter", List.of(), timeout, mode, protocol, count,
                    tls);
        }

        TestLoop(NodeEndpoint node, ConnectionMode mode, Duration timeout, TargetProtocol protocol) throws IOException {
            this(node, mode, timeout, protocol, Optional.empty());
        }

        /** A loop whose https connections trust {@code tls}'s certificate. */
        TestLoop(NodeEndpoint node, ConnectionMode mode, ClientTls tls) throws IOException {
            this(node, mode, TIMEOUT, TargetProtocol.REPLSIM, Optional.of(tls));
        }

        TestLoop(NodeEndpoint node, ConnectionMode mode) throws IOException {
            this(node, mode, TIMEOUT, TargetProtocol.REPLSIM);
        }

        /** Runs the loop until {@code done}, failing the test if that takes longer than {@code within}. */
        void runUntil(BooleanSupplier done, Duration within) throws IOException {
            long end = System.nanoTime() + within.toNanos();
            while (!done.getAsBoolean()) {
                long now = System.nanoTime();
                if (now - end > 0) {
                    throw new AssertionError("not done within " + within);
                }
                long next = client.expireLate(now);
                if (done.getAsBoolean()) {
                    return;
                }
                long waitNanos = next == LoopClient.NO_DEADLINE ? end - now : Math.min(next - now, end - now);
                if (waitNanos <= 0) {
                    selector.selectNow();
                } else {
                    selector.select(Math.max(1, (waitNanos + 999_999) / 1_000_000));
                }
                for (SelectionKey key : selector.selectedKeys()) {
                    if (client.owns(key)) {
                        readyCalls++;
                        client.ready(key);
                    }
                }
                selector.selectedKeys().clear();
            }
        }

        /** One request by {@code user} and its outcome, run to the end. */
        Exchange get(Object user, NodeEndpoint node) throws IOException {
            Outcome outcome = new Outcome();
            client.get(user, node, "/counter", Optional.empty(), outcome);
            assertThat(outcome.exchange).as("never told from inside get").isNull();
            runUntil(outcome::told, TIMEOUT.plusSeconds(5));
            return outcome.exchange;
        }

        @Override
        public void close() throws IOException {
            client.close();
            selector.close();
        }
    }

    /** An outcome that must be told once. */
    private static final class Outcome implements java.util.function.Consumer<Exchange> {
        Exchange exchange;
        int told;
        long toldAtNanos;

        @Override
        public void accept(Exchange exchange) {
            this.exchange = exchange;
            this.toldAtNanos = System.nanoTime();
            told++;
        }

        boolean told() {
            return told > 0;
        }
    }

    private <T extends AutoCloseable> T closeLater(T closeable) {
        toClose.add(closeable);
        return closeable;
    }

    @AfterEach
    void closeEverything() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    private static NodeEndpoint node(int port) {
        return new NodeEndpoint("n1", URI.create("http://127.0.0.1:" + port));
    }

    private static void assertAnsweredWithSerial(Exchange exchange, int serial) {
        assertThat(exchange).isInstanceOfSatisfying(Exchange.Answered.class, answered -> {
            assertThat(answered.status()).isEqualTo(200);
            assertThat(answered.node()).isEqualTo("n1");
            assertThat(answered.reply()).hasValueSatisfying(reply -> {
                assertThat(reply.serial()).isEqualTo(serial);
                assertThat(reply.session()).isEqualTo("abc");
            });
        });
    }

    @Test
    void answersFramedByContentLengthAndByChunksAreParsed() throws IOException {
        ScriptedServer server = closeLater(ScriptedServer.answering(
                request -> request % 2 == 1 ? counterAnswer(request) : chunkedCounterAnswer(request)));
        NodeEndpoint node = node(server.port());
        TestLoop loop = closeLater(new TestLoop(node, ConnectionMode.PER_USER));
        Exchange first = loop.get("user", node);
        assertAnsweredWithSerial(first, 1);
        assertThat(((Exchange.Answered) first).setCookie()).contains(new SessionCookie("abc.n1"));
        assertAnsweredWithSerial(loop.get("user", node), 2);
        assertAnsweredWithSerial(loop.get("user", node), 3);
        assertAnsweredWithSerial(loop.get("user", node), 4);
    }

    /** The answer comes 3 bytes at a time: the reader sees it in many parts and keeps each until the last. */
    @Test
    void anAnswerArrivingInSmallPiecesWithPausesIsReadWhole() throws IOException {
        ScriptedServer server = closeLater(new ScriptedServer(
                request -> request == 1 ? counterAnswer(1) : chunkedCounterAnswer(2), 3, Duration.ofMillis(1),
                Integer.MAX_VALUE));
        NodeEndpoint node = node(server.port());
        TestLoop loop = closeLater(new TestLoop(node, ConnectionMode.PER_USER));
        assertAnsweredWithSerial(loop.get("user", node), 1);
        int afterFirst = loop.readyCalls;
        assertThat(afterFirst).as("readable events for one answer in pieces").isGreaterThan(5);
        assertAnsweredWithSerial(loop.get("user", node), 2);
        assertThat(loop.readyCalls - afterFirst).isGreaterThan(5);
        assertThat(server.connections()).isEqualTo(1);
    }

    /** A 40 KB body, with the serial at its end, in pieces of 1,500 bytes: longer than the reader's first buffer. */
    @Test
    void anAnswerLongerThanTheReadBufferIsReadWhole() throws IOException {
        String body = "x".repeat(40_000) + " count=7";
        ScriptedServer server = closeLater(new ScriptedServer(
                request -> "HTTP/1.1 200 OK\r\nSet-Cookie: SID=s1.n1\r\nContent-Length: " + body.length() + "\r\n\r\n"
                        + body, 1_500, Duration.ofMillis(1), Integer.MAX_VALUE));
        NodeEndpoint node = node(server.port());
        TargetProtocol protocol = new TargetProtocol("SID", new SerialSource.BodyPattern(Pattern.compile("count=(\\d+)")));
        TestLoop loop = closeLater(new TestLoop(node, ConnectionMode.SHARED_POOL, TIMEOUT, protocol));
        for (int request = 0; request < 2; request++) {
            assertThat(loop.get("user", node)).isInstanceOfSatisfying(Exchange.Answered.class, answered -> {
                assertThat(answered.reply()).hasValueSatisfying(reply -> {
                    assertThat(reply.serial()).isEqualTo(7);
                    assertThat(reply.session()).isEqualTo("s1");
                });
            });
        }
        assertThat(server.connections()).isEqualTo(1);
    }

    @Test
    void perUserKeepsOneConnectionForAllOfAUsersRequests() throws IOException {
        ScriptedServer server = closeLater(ScriptedServer.answering(LoopClientTest::counterAnswer));
        NodeEndpoint node = node(server.port());
        TestLoop loop = closeLater(new TestLoop(node, ConnectionMode.PER_USER));
        for (int request = 1; request <= 20; request++) {
            assertAnsweredWithSerial(loop.get("user", node), request);
        }
        assertThat(server.connections()).isEqualTo(1);
        assertThat(loop.client.connections()).isEqualTo(
                new ConnectionCount.Connections(ConnectionMode.PER_USER, 1, 1, 1));
        assertAnsweredWithSerial(loop.get("another user", node), 21);
        assertThat(loop.client.connections().open()).as("a connection for each user").isEqualTo(2);
        loop.client.forget("user");
        assertThat(loop.client.connections().open()).as("the ended user's closed").isEqualTo(1);
    }

    @Test
    void perRequestOpensAConnectionForEachRequestAndClosesIt() throws IOException {
        ScriptedServer server = closeLater(ScriptedServer.answering(LoopClientTest::counterAnswer));
        NodeEndpoint node = node(server.port());
        TestLoop loop = closeLater(new TestLoop(node, ConnectionMode.PER_REQUEST));
        for (int request = 1; request <= 5; request++) {
            assertAnsweredWithSerial(loop.get("user", node), request);
        }
        assertThat(server.connections()).isEqualTo(5);
        assertThat(loop.client.connections()).isEqualTo(
                new ConnectionCount.Connections(ConnectionMode.PER_REQUEST, 5, 0, 1));
    }

    /** Many users at once in one loop share the loop's pool: no more connections than were in use at once. */
    @Test
    void theSharedPoolLendsIdleConnectionsToAnyUser() throws IOException {
        ScriptedServer server = closeLater(ScriptedServer.answering(LoopClientTest::counterAnswer));
        NodeEndpoint node = node(server.port());
        TestLoop loop = closeLater(new TestLoop(node, ConnectionMode.SHARED_POOL));
        List<Outcome> outcomes = new ArrayList<>();
        for (int user = 0; user < 4; user++) {
            Outcome outcome = new Outcome();
            outcomes.add(outcome);
            loop.client.get(user, node, "/counter", Optional.empty(), outcome);
        }
        loop.runUntil(() -> outcomes.stream().allMatch(Outcome::told), TIMEOUT);
        for (int user = 0; user < 10; user++) {
            assertThat(loop.get(user, node)).isInstanceOf(Exchange.Answered.class);
        }
        assertThat(outcomes).allSatisfy(outcome -> {
            assertThat(outcome.told).isEqualTo(1);
            assertThat(outcome.exchange).isInstanceOf(Exchange.Answered.class);
        });
        assertThat(server.connections()).isEqualTo(4);
        assertThat(loop.client.connections().open()).isEqualTo(4);
    }

    @Test
    void aRefusedConnectIsAConnectFailure() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = socket.getLocalPort();
        }
        NodeEndpoint gone = node(port);
        TestLoop loop = closeLater(new TestLoop(gone, ConnectionMode.SHARED_POOL));
        assertThat(loop.get("user", gone)).isInstanceOfSatisfying(Exchange.Failed.class,
                failed -> assertThat(failed.kind()).isEqualTo(ErrorKind.CONNECT));
        assertThat(loop.client.connections()).isEqualTo(
                new ConnectionCount.Connections(ConnectionMode.SHARED_POOL, 0, 0, 0));
    }

    /**
     * A connect that never completes (the node's accept queue full, its SYNs dropped, as behind a network cut) never
     * reached the node: at the deadline it is a connect failure naming the wait, as the blocking client's connect
     * timeout is, not a timeout of unknown outcome.
     */
    @Test
    void aConnectThatNeverCompletesIsAConnectFailureAtTheDeadline() throws IOException {
        FullBacklog full = closeLater(new FullBacklog());
        GivenUp late = oneRequestGivenUp(full.port());
        assertThat(late.exchange()).isInstanceOfSatisfying(Exchange.Failed.class, failed -> {
            assertThat(failed.kind()).isEqualTo(ErrorKind.CONNECT);
            assertThat(failed.detail()).contains("cannot connect to n1").contains("within 300 ms");
        });
        assertThat(late.took()).isBetween(GIVE_UP_AFTER, GIVE_UP_AFTER.plusMillis(1_500));
        assertThat(late.loop().client.connections().open()).as("the connect given up closed").isZero();
    }

    /**
     * A request that went out whole on a kept-alive connection the node then closed is sent again on a new one; if
     * that connect hangs, the node may still have applied the first: at the deadline it is of unknown outcome, as
     * when the new connection is refused, not a connect failure.
     */
    @Test
    void aConnectThatHangsAfterTheRequestWentOutWholeOnAnotherIsAnUnknownOutcomeNotAConnectFailure() throws Exception {
        ServerSocket listener = closeLater(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
        Thread node = Thread.ofPlatform().daemon().start(() -> answerOnceThenCloseOnTheNextRequest(listener));
        NodeEndpoint endpoint = node(listener.getLocalPort());
        TestLoop loop = closeLater(new TestLoop(endpoint, ConnectionMode.PER_USER, GIVE_UP_AFTER,
                TargetProtocol.REPLSIM));
        assertAnsweredWithSerial(loop.get("user", endpoint), 1);
        closeLater(FullBacklog.of(listener)); // from now on a new connection to the node hangs

        Exchange second = loop.get("user", endpoint);

        assertThat(second).isInstanceOfSatisfying(Exchange.Failed.class, failed -> {
            assertThat(failed.kind()).isEqualTo(ErrorKind.IO);
            assertThat(failed.detail()).contains("outcome unknown").contains("cannot connect to n1")
                    .contains("within 300 ms");
            assertThat(failed.unanswered()).as("no byte of an answer came").isTrue();
        });
        node.join(TIMEOUT.toMillis());
        assertThat(loop.client.connections().open()).isZero();
    }

    /** Accepts one connection, answers its first request, then reads the second whole and closes it unanswered. */
    private static void answerOnceThenCloseOnTheNextRequest(ServerSocket listener) {
        try (Socket connection = listener.accept()) {
            InputStream in = connection.getInputStream();
            if (ScriptedServer.readRequest(in) != null) {
                connection.getOutputStream().write(counterAnswer(1).getBytes(StandardCharsets.US_ASCII));
                ScriptedServer.readRequest(in);
            }
        } catch (IOException e) {
            // the test ended first
        }
    }

    /** The server accepts (its backlog does) but never reads or answers: a timeout, soon after the timeout. */
    @Test
    void aServerThatNeverAnswersIsATimeoutWithinTheTimeoutAndAMargin() throws IOException {
        ServerSocket silent = closeLater(new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1")));
        GivenUp late = oneRequestGivenUp(silent.getLocalPort());
        assertThat(late.exchange()).isInstanceOfSatisfying(Exchange.Failed.class,
                failed -> assertThat(failed.kind()).isEqualTo(ErrorKind.TIMEOUT));
        assertThat(late.took()).isBetween(GIVE_UP_AFTER, GIVE_UP_AFTER.plusMillis(1_500));
        assertThat(late.loop().client.connections().open()).as("the late request's connection closed").isZero();
        assertThat(late.loop().client.expireLate(System.nanoTime())).isEqualTo(LoopClient.NO_DEADLINE);
    }

    private static final Duration GIVE_UP_AFTER = Duration.ofMillis(300);

    /** A request's outcome, how long it took to come, and the loop that got it. */
    private record GivenUp(Exchange exchange, Duration took, TestLoop loop) {
    }

    /** One request to a node at {@code port} that never answers, by a loop whose timeout is {@link #GIVE_UP_AFTER}. */
    private GivenUp oneRequestGivenUp(int port) throws IOException {
        NodeEndpoint node = node(port);
        TestLoop loop = closeLater(new TestLoop(node, ConnectionMode.PER_USER, GIVE_UP_AFTER, TargetProtocol.REPLSIM));
        long start = System.nanoTime();
        Outcome outcome = new Outcome();
        loop.client.get("user", node, "/counter", Optional.empty(), outcome);
        loop.runUntil(outcome::told, GIVE_UP_AFTER.plusSeconds(2));
        return new GivenUp(outcome.exchange, Duration.ofNanos(System.nanoTime() - start), loop);
    }

    /**
     * The node sends each answer's last byte 1.5 s after the rest. An attempt given 300 ms of its own (a balancer's
     * retry on a timeout) times out after about that, its connection closed, while one started beside it that waits
     * the client's 5 s is answered.
     */
    @Test
    void anAttemptWithATimeoutOfItsOwnTimesOutAfterItWhileOneWithTheClientsTimeoutIsAnswered() throws IOException {
        Duration late = Duration.ofMillis(1_500);
        ScriptedServer server = closeLater(new ScriptedServer(LoopClientTest::counterAnswer,
                counterAnswer(1).length() - 1, late, Integer.MAX_VALUE));
        NodeEndpoint node = node(server.port());
        TestLoop loop = closeLater(new TestLoop(node, ConnectionMode.PER_USER));
        Duration own = Duration.ofMillis(300);
        Outcome patient = new Outcome();
        Outcome impatient = new Outcome();
        long start = System.nanoTime();
        loop.client.get("patient", node, "/counter", Optional.empty(), 0, Optional.empty(), patient);
        loop.client.get("impatient", node, "/counter", Optional.empty(), 0, Optional.of(own), impatient);

        loop.runUntil(impatient::told, late);
        assertThat(impatient.exchange).isInstanceOfSatisfying(Exchange.Failed.class, failed -> {
            assertThat(failed.kind()).isEqualTo(ErrorKind.TIMEOUT);
            assertThat(failed.detail()).contains("within 300 ms");
        });
        assertThat(Duration.ofNanos(impatient.toldAtNanos - start)).isBetween(own, own.plusSeconds(1));
        assertThat(patient.told()).as("the attempt that waits the client's timeout, told before its answer")
                .isFalse();
        assertThat(loop.client.connections().open()).as("the timed-out attempt's connection closed").isEqualTo(1);

        loop.runUntil(patient::told, TIMEOUT);
        assertThat(patient.exchange).isInstanceOfSatisfying(Exchange.Answered.class,
                answered -> assertThat(answered.status()).isEqualTo(200));
        assertThat(Duration.ofNanos(patient.toldAtNanos - start)).isGreaterThanOrEqualTo(late);
        assertThat(patient.told).isEqualTo(1);
        assertThat(impatient.told).isEqualTo(1);
        assertThat(loop.client.expireLate(System.nanoTime())).as("nothing left in flight")
                .isEqualTo(LoopClient.NO_DEADLINE);
    }

    /**
     * Attempts that never get an answer, started longest timeout first: the client's 1.5 s, then 1 s and 300 ms of
     * their own. Each times out after its own timeout, the shortest first, and the client's next deadline is at once
     * the last one's: it is not kept waiting behind the attempts started before it.
     */
    @Test
    void attemptsStartedBeforeOneWithAShorterTimeoutDoNotHoldUpItsExpiry() throws IOException {
        ServerSocket silent = closeLater(new ServerSocket(0, 5, InetAddress.getByName("127.0.0.1")));
        NodeEndpoint node = node(silent.getLocalPort());
        Duration clients = Duration.ofMillis(1_500);
        TestLoop loop = closeLater(new TestLoop(node, ConnectionMode.PER_USER, clients, TargetProtocol.REPLSIM));
        List<Optional<Duration>> timeouts = List.of(Optional.empty(), Optional.of(Duration.ofMillis(1_000)),
                Optional.of(Duration.ofMillis(300)));
        List<String> toldInOrder = new ArrayList<>();
        List<Outcome> outcomes = new ArrayList<>();
        long start = System.nanoTime();
        for (int user = 0; user < timeouts.size(); user++) {
            Outcome outcome = new Outcome();
            outcomes.add(outcome);
            String name = "user" + user;
            loop.client.get(name, node, "/counter", Optional.empty(), 0, timeouts.get(user), exchange -> {
                outcome.accept(exchange);
                toldInOrder.add(name);
            });
        }
        long nextDeadline = loop.client.expireLate(System.nanoTime());
        assertThat(Duration.ofNanos(nextDeadline - start)).as("the 300 ms attempt's deadline")
                .isGreaterThanOrEqualTo(Duration.ofMillis(300));
        assertThat(Duration.ofNanos(nextDeadline - System.nanoTime())).isLessThanOrEqualTo(Duration.ofMillis(300));

        loop.runUntil(() -> outcomes.stream().allMatch(Outcome::told), clients.plusSeconds(2));

        assertThat(toldInOrder).containsExactly("user2", "user1", "user0");
        for (int user = 0; user < timeouts.size(); user++) {
            Duration timeout = timeouts.get(user).orElse(clients);
            Outcome outcome = outcomes.get(user);
            assertThat(outcome.exchange).as("user" + user).isInstanceOfSatisfying(Exchange.Failed.class, failed -> {
                assertThat(failed.kind()).isEqualTo(ErrorKind.TIMEOUT);
                assertThat(failed.detail()).contains("within " + timeout.toMillis() + " ms");
            });
            assertThat(Duration.ofNanos(outcome.toldAtNanos - start)).as("user" + user)
                    .isBetween(timeout, timeout.plusSeconds(1));
        }
        assertThat(loop.client.connections().open()).isZero();
        assertThat(loop.client.expireLate(System.nanoTime())).isEqualTo(LoopClient.NO_DEADLINE);
    }

    @Test
    void aTimeoutOfNothingIsRefusedWithTheNode() throws IOException {
        NodeEndpoint node = node(1);
        TestLoop loop = closeLater(new TestLoop(node, ConnectionMode.PER_USER));
        assertThatThrownBy(() -> loop.client.get("user", node, "/counter", Optional.empty(), 0,
                Optional.of(Duration.ZERO), new Outcome())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("timeout: got PT0S for a request to n1, expected more than zero");
    }

    /** The server closes each kept-alive connection after one answer: the next request goes on a new one. */
    @Test
    void aConnectionTheServerClosedWhileIdleIsReplacedAndTheRequestAnswered() throws Exception {
        ScriptedServer server = closeLater(new ScriptedServer(LoopClientTest::counterAnswer, Integer.MAX_VALUE,
                Duration.ZERO, 1));
        NodeEndpoint node = node(server.port());
        replacesEachConnectionClosedAfterOneAnswer(server, node, mode -> new TestLoop(node, mode));
    }

    /** Makes a loop whose client keeps its connections as {@code mode} says. */
    private interface LoopsByMode {
        TestLoop open(ConnectionMode mode) throws IOException;
    }

    /** For each mode that keeps connections: two requests, each answered, the second on a new connection. */
    private static void replacesEachConnectionClosedAfterOneAnswer(ScriptedServer server, NodeEndpoint node,
                                                                   LoopsByMode loops) throws Exception {
        for (ConnectionMode mode : List.of(ConnectionMode.PER_USER, ConnectionMode.SHARED_POOL)) {
            try (TestLoop loop = loops.open(mode)) {
                int before = server.requests();
                assertAnsweredWithSerial(loop.get("user", node), before + 1);
                assertThat(server.awaitClosedByServer(TIMEOUT)).isTrue();
                assertAnsweredWithSerial(loop.get("user", node), before + 2);
                assertThat(loop.client.connections().opened()).as(mode.label()).isEqualTo(2);
                assertThat(loop.client.connections().open()).isEqualTo(1);
                assertThat(server.awaitClosedByServer(TIMEOUT)).isTrue();
            }
        }
    }

    /** The server closes kept-alive connections after one answer: the client drops each as it closes, while idle. */
    @Test
    void aConnectionTheServerClosesWhileIdleIsDroppedBeforeAnyRequestFindsItDead() throws Exception {
        ScriptedServer server = closeLater(new ScriptedServer(LoopClientTest::counterAnswer, Integer.MAX_VALUE,
                Duration.ZERO, 1));
        NodeEndpoint node = node(server.port());
        for (ConnectionMode mode : List.of(ConnectionMode.PER_USER, ConnectionMode.SHARED_POOL)) {
            try (TestLoop loop = new TestLoop(node, mode)) {
                assertAnsweredWithSerial(loop.get("user", node), server.requests());
                assertThat(loop.client.connections().open()).isEqualTo(1);

                loop.runUntil(() -> loop.client.connections().open() == 0, TIMEOUT);

                assertThat(loop.client.connections().opened()).as(mode.label()).isEqualTo(1);
                assertAnsweredWithSerial(loop.get("user", node), server.requests());
                assertThat(loop.client.connections().opened()).as("a new connection, no failed try on the old one")
                        .isEqualTo(2);
            }
        }
    }

    /**
     * The node answers on a kept-alive connection, closes it and stops listening; the next request is sent before
     * the loop has seen the close: it goes out whole on that connection, which fails, and a new connection is
     * refused. The node could have processed it: reset/io (unknown outcome), never "refused". The request after it,
     * with no connection left, is refused.
     */
    @Test
    void aKeptAliveConnectionThatFailsAfterItsRequestWentOutIsAnUnknownOutcomeNotARefusal() throws Exception {
        for (ConnectionMode mode : List.of(ConnectionMode.SHARED_POOL, ConnectionMode.PER_USER)) {
            ScriptedServer server = closeLater(new ScriptedServer(LoopClientTest::counterAnswer, Integer.MAX_VALUE,
                    Duration.ZERO, 1));
            NodeEndpoint node = node(server.port());
            try (TestLoop loop = new TestLoop(node, mode)) {
                assertAnsweredWithSerial(loop.get("user", node), 1);
                assertThat(server.awaitClosedByServer(TIMEOUT)).isTrue();
                server.close();

                assertThat(loop.get("user", node)).as(mode.label()).isInstanceOfSatisfying(Exchange.Failed.class,
                        failed -> {
                            assertThat(failed.kind()).isEqualTo(ErrorKind.IO);
                            assertThat(failed.detail()).contains("outcome unknown");
                            assertThat(failed.unanswered()).as("no byte of an answer came").isTrue();
                        });
                assertThat(loop.get("user", node)).isInstanceOfSatisfying(Exchange.Failed.class,
                        failed -> assertThat(failed.kind()).isEqualTo(ErrorKind.CONNECT));
                assertThat(loop.client.connections().open()).isZero();
            }
        }
    }

    /** A connection that ends before its first answer did not go stale while idle: no second try. */
    @Test
    void aNewConnectionThatEndsBeforeAnyAnswerIsAFailureNotRetried() throws Exception {
        ScriptedServer hangsUp = closeLater(new ScriptedServer(serial -> "", Integer.MAX_VALUE, Duration.ZERO, 0));
        NodeEndpoint node = node(hangsUp.port());
        try (TestLoop loop = new TestLoop(node, ConnectionMode.PER_USER)) {
            assertThat(loop.get("user", node)).isInstanceOfSatisfying(Exchange.Failed.class,
                    failed -> assertThat(failed.kind()).isEqualTo(ErrorKind.IO));
            assertThat(loop.client.connections().opened()).isEqualTo(1);
        }
    }

    /**
     * A node that takes the request whole and closes the connection without a byte of an answer leaves it
     * unanswered (a read may then go on to another node); one that closes after its answer's first line does not.
     */
    @Test
    void aRequestClosedOnBeforeAnyByteOfAnAnswerIsUnansweredOneWhoseAnswerBeganIsNot() throws Exception {
        ScriptedServer hangsUp = closeLater(new ScriptedServer(serial -> "", Integer.MAX_VALUE, Duration.ZERO, 1));
        ScriptedServer breaksOff = closeLater(new ScriptedServer(serial -> "HTTP/1.1 200 OK\r\n", Integer.MAX_VALUE,
                Duration.ZERO, 1));
        NodeEndpoint silent = node(hangsUp.port());
        try (TestLoop loop = new TestLoop(silent, ConnectionMode.PER_USER)) {
            assertThat(loop.get("user", silent)).isInstanceOfSatisfying(Exchange.Failed.class, failed -> {
                assertThat(failed.kind()).isEqualTo(ErrorKind.IO);
                assertThat(failed.unanswered()).isTrue();
            });
        }
        NodeEndpoint partial = node(breaksOff.port());
        try (TestLoop loop = new TestLoop(partial, ConnectionMode.PER_USER)) {
            assertThat(loop.get("user", partial)).isInstanceOfSatisfying(Exchange.Failed.class, failed -> {
                assertThat(failed.kind()).isEqualTo(ErrorKind.IO);
                assertThat(failed.unanswered()).isFalse();
            });
        }
    }

    @Test
    void closeLeavesNoConnectionOpenAndTellsNoOutcomeAfterIt() throws IOException {
        ScriptedServer server = closeLater(ScriptedServer.answering(LoopClientTest::counterAnswer));
        ServerSocket silent = closeLater(new ServerSocket(0, 5, InetAddress.getByName("127.0.0.1")));
        NodeEndpoint answering = node(server.port());
        NodeEndpoint quiet = new NodeEndpoint("n2", URI.create("http://127.0.0.1:" + silent.getLocalPort()));
        Selector selector = closeLater(Selector.open());
        ConnectionCount count = new ConnectionCount();
        LoopClient client = new LoopClient(selector, List.of(answering, quiet), "/counter", List.of(), TIMEOUT,
                ConnectionMode.PER_USER, TargetProtocol.REPLSIM, count);
        AtomicInteger told = new AtomicInteger();
        for (int user = 0; user < 3; user++) {
            client.get(user, answering, "/counter", Optional.empty(), exchange -> told.incrementAndGet());
        }
        long end = System.nanoTime() + TIMEOUT.toNanos();
        while (told.get() < 3 && System.nanoTime() - end < 0) {
            selector.select(100);
            selector.selectedKeys().forEach(client::ready);
            selector.selectedKeys().clear();
        }
        assertThat(told.get()).isEqualTo(3);
        client.get("waiting", quiet, "/counter", Optional.empty(), exchange -> told.incrementAndGet());
        // the fourth is counted once connected, which a loopback connect may be at once
        assertThat(count.snapshot(ConnectionMode.PER_USER).open()).isBetween(3, 4);
        client.close();
        assertThat(count.snapshot(ConnectionMode.PER_USER).open()).isZero();
        selector.selectNow();
        selector.selectedKeys().forEach(client::ready);
        assertThat(client.expireLate(System.nanoTime() + TIMEOUT.toNanos() * 2)).isEqualTo(LoopClient.NO_DEADLINE);
        assertThat(told.get()).as("the request in flight at close is not told").isEqualTo(3);
    }

    /**
     * The counter over https: the JDK's HttpsServer with the test's self-signed certificate on 127.0.0.1, answering
     * {@code bodies}' text for each request's number with the session cookie and node header of the counter's
     * answers. It notes the client ends its requests came from, one per connection.
     */
    private static final class HttpsCounter implements AutoCloseable {
        final HttpsServer server;
        final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        final AtomicInteger requests = new AtomicInteger();
        final Set<InetSocketAddress> clientEnds = ConcurrentHashMap.newKeySet();

        HttpsCounter(SSLContext tls, IntFunction<String> bodies) throws IOException {
            server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
            server.setHttpsConfigurator(new HttpsConfigurator(tls));
            server.setExecutor(executor);
            server.createContext("/counter", exchange -> {
                clientEnds.add(exchange.getRemoteAddress());
                byte[] body = bodies.apply(requests.incrementAndGet()).getBytes(StandardCharsets.ISO_8859_1);
                exchange.getResponseHeaders().add("Set-Cookie", "JSESSIONID=abc.n1; Path=/");
                exchange.getResponseHeaders().add("X-Replsim-Node", "n1");
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            server.start();
        }

        int port() {
            return server.getAddress().getPort();
        }

        @Override
        public void close() {
            server.stop(0);
            executor.shutdownNow();
        }
    }

    private static NodeEndpoint httpsNode(int port) {
        return new NodeEndpoint("n1", URI.create("https://127.0.0.1:" + port));
    }

    @Test
    void httpsAnswersComeOnKeptAliveConnectionsOnePerUser() throws Exception {
        SelfSignedTls tls = SelfSignedTls.forLoopback();
        HttpsCounter server = closeLater(new HttpsCounter(tls.serverContext(), COUNTER_JSON::formatted));
        NodeEndpoint node = httpsNode(server.port());
        TestLoop loop = closeLater(new TestLoop(node, ConnectionMode.PER_USER, tls.trustingClient()));
        for (int request = 1; request <= 5; request++) {
            assertAnsweredWithSerial(loop.get("user", node), request);
        }
        assertThat(loop.client.connections()).isEqualTo(
                new ConnectionCount.Connections(ConnectionMode.PER_USER, 1, 1, 1));
        assertThat(server.clientEnds).as("the connections the server answered on").hasSize(1);
    }

    /**
     * The server answers once on each TLS connection and closes it (close_notify, then the connection's end): the
     * next request, sent on the idle connection before the loop saw the close, goes on a new one and is answered.
     */
    @Test
    void anHttpsConnectionTheServerClosedWhileIdleIsReplacedAndTheRequestAnswered() throws Exception {
        SelfSignedTls tls = SelfSignedTls.forLoopback();
        ScriptedServer server = closeLater(ScriptedServer.overTls(tls.serverContext(), LoopClientTest::counterAnswer,
                1));
        NodeEndpoint node = httpsNode(server.port());
        replacesEachConnectionClosedAfterOneAnswer(server, node, mode -> new TestLoop(node, mode,
                tls.trustingClient()));
    }

    /**
     * The server's idle TLS connection ends without close_notify (a relay in front of it drops it): the next
     * request, sent on it before the loop saw the end, goes on a new connection and is answered.
     */
    @Test
    void anHttpsConnectionThatEndedWithoutAGoodbyeWhileIdleIsReplacedAndTheRequestAnswered() throws Exception {
        SelfSignedTls tls = SelfSignedTls.forLoopback();
        HttpsCounter server = closeLater(new HttpsCounter(tls.serverContext(), COUNTER_JSON::formatted));
        LoopbackRelay relay = closeLater(LoopbackRelay.whole(server.port()));
        NodeEndpoint node = httpsNode(relay.port());
        TestLoop loop = closeLater(new TestLoop(node, ConnectionMode.SHARED_POOL, tls.trustingClient()));
        assertAnsweredWithSerial(loop.get("user", node), 1);
        relay.dropConnections();
        assertAnsweredWithSerial(loop.get("user", node), 2);
        assertThat(relay.connections()).isEqualTo(2);
        assertThat(loop.client.connections().opened()).isEqualTo(2);
        assertThat(loop.client.connections().open()).isEqualTo(1);
    }

    /**
     * A node whose certificate the client does not trust (here the JVM's default trust store, as when no TLS is
     * given): the attempt fails naming the node's address and the handshake, and leaves no connection open.
     */
    @Test
    void anHttpsNodeWhoseCertificateIsNotTrustedIsAFailedAttemptNamingTheAddress() throws Exception {
        SelfSignedTls tls = SelfSignedTls.forLoopback();
        HttpsCounter server = closeLater(new HttpsCounter(tls.serverContext(), COUNTER_JSON::formatted));
        NodeEndpoint node = httpsNode(server.port());
        TestLoop loop = closeLater(new TestLoop(node, ConnectionMode.PER_USER));
        assertThat(loop.get("user", node)).isInstanceOfSatisfying(Exchange.Failed.class, failed -> {
            assertThat(failed.kind()).isIn(ErrorKind.CONNECT, ErrorKind.IO);
            assertThat(failed.detail()).contains("TLS handshake with 127.0.0.1:" + server.port() + " failed")
                    .contains("trust store");
        });
        assertThat(server.requests).as("no request reached the server").hasValue(0);
        assertThat(loop.client.connections().open()).isZero();
    }

    /**
     * A 64 KB body, its serial at the end, twice on one connection, through a relay that passes the server's bytes
     * on 1,000 at a time with a pause: the handshake's records and the answer's arrive split over many reads.
     */
    @Test
    void aLargeAnswerOverTlsArrivingInPiecesIsReadWhole() throws Exception {
        SelfSignedTls tls = SelfSignedTls.forLoopback();
        String padding = "x".repeat(64 * 1024);
        HttpsCounter server = closeLater(new HttpsCounter(tls.serverContext(),
                request -> padding + " count=" + request));
        LoopbackRelay relay = closeLater(LoopbackRelay.inPieces(server.port(), 1_000, Duration.ofMillis(1)));
        NodeEndpoint node = httpsNode(relay.port());
        TargetProtocol protocol = new TargetProtocol("JSESSIONID",
                new SerialSource.BodyPattern(Pattern.compile("count=(\\d+)")));
        TestLoop loop = closeLater(new TestLoop(node, ConnectionMode.SHARED_POOL, TIMEOUT, protocol,
                Optional.of(tls.trustingClient())));
        for (int request = 1; request <= 2; request++) {
            int readyBefore = loop.readyCalls;
            int serial = request;
            assertThat(loop.get("user", node)).isInstanceOfSatisfying(Exchange.Answered.class, answered -> {
                assertThat(answered.reply()).hasValueSatisfying(reply -> {
                    assertThat(reply.serial()).isEqualTo(serial);
                    assertThat(reply.session()).isEqualTo("abc");
                });
            });
            assertThat(loop.readyCalls - readyBefore).as("readiness events for answer " + request)
                    .isGreaterThan(20);
        }
        assertThat(loop.client.connections().opened()).isEqualTo(1);
        assertThat(server.clientEnds).hasSize(1);
    }
}

package io.replsim.replication.transport.wire;

import io.replsim.replication.transport.ClusterSecret;
import org.jgroups.Version;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * TCP's server socket, against raw clients on loopback: what it hands JGroups' acceptor (a whole JGroups preamble,
 * then everything after it, as sent) and what it turns away and counts.
 */
class PreambleGateTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final Duration DEADLINE = Duration.ofSeconds(2);
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private final WireGuard guard = new WireGuard(ClusterSecret.generate(), 1_000);
    private final AtomicInteger refused = new AtomicInteger();
    private final List<Socket> admitted = new CopyOnWriteArrayList<>();
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private PreambleGate gate;

    @BeforeEach
    void open() throws IOException {
        guard.onRefusal(what -> refused.incrementAndGet());
        gate = new PreambleGate(guard, DEADLINE);
        gate.bind(new InetSocketAddress(LOOPBACK, 0));
        threads.submit(() -> {
            while (true) {
                admitted.add(gate.accept()); // as JGroups' acceptor does
            }
        });
    }

    @AfterEach
    void close() throws IOException {
        gate.close();
        threads.shutdownNow();
        for (Socket socket : admitted) {
            socket.close();
        }
    }

    @Test
    void anIpv4AndAnIpv6PreambleAreHandedOnWithWhatFollowsThem() throws Exception {
        byte[] ipv4 = preamble(Version.version, new byte[] {127, 0, 0, 1}, new byte[0]);
        byte[] ipv6 = preamble(Version.version, new byte[16], new byte[] {0, 0, 0, 0}); // an address and a scope id

        for (byte[] preamble : List.of(ipv4, ipv6)) {
            try (Socket client = connect()) {
                client.getOutputStream().write(preamble); // alone: a gate that waited for more would time out
                await().atMost(PATIENCE).until(() -> !admitted.isEmpty());
                client.getOutputStream().write(new byte[] {42, 43});
                Socket handedOn = admitted.removeFirst();
                assertThat(handedOn.getInputStream().readNBytes(preamble.length + 2))
                        .as("%d-byte preamble", preamble.length).containsExactly(concat(preamble, new byte[] {42, 43}));
                handedOn.close();
            }
        }
        assertThat(ipv4).hasSize(15);
        assertThat(ipv6).hasSize(31);
        assertThat(refused).hasValue(0);
    }

    @Test
    void aWrongCookieAnotherVersionOrAnAddressOfNoIpLengthIsClosedAndCounted() throws Exception {
        byte[] good = preamble(Version.version, new byte[] {127, 0, 0, 1}, new byte[0]);
        byte[] cookie = good.clone();
        cookie[0] = 'B';
        byte[] version = preamble((short) 1, new byte[] {127, 0, 0, 1}, new byte[0]);
        byte[] addressLength = good.clone();
        addressLength[8] = 5;

        List<Boolean> closed = new ArrayList<>();
        for (byte[] bytes : List.of(cookie, version, addressLength)) {
            try (Stranger stranger = Stranger.connect(endpoint())) {
                stranger.send(bytes);
                closed.add(stranger.closedWithin(PATIENCE));
            }
        }

        assertThat(closed).containsExactly(true, true, true);
        await().atMost(PATIENCE).until(() -> refused.get() == 3);
        assertThat(admitted).isEmpty();
    }

    @Test
    void aPreambleNotWholeByTheDeadlineIsClosedAndCountedWhileAWholeOneIsHandedOnAtOnce() throws Exception {
        byte[] good = preamble(Version.version, new byte[] {127, 0, 0, 1}, new byte[0]);
        try (Stranger drip = Stranger.connect(endpoint())) {
            Future<Boolean> dripping = threads.submit(() -> drip.drip(good, Duration.ofMillis(500)));
            await().atMost(PATIENCE).until(() -> drip.sent() > 0);
            try (Socket member = connect()) {
                member.getOutputStream().write(good);
                await().atMost(PATIENCE).until(() -> !admitted.isEmpty());
                assertThat(drip.sent()).as("the drip's bytes when the member's connection was handed on")
                        .isLessThan(good.length);
            }
            assertThat(dripping.get(PATIENCE.toSeconds(), TimeUnit.SECONDS)).as("the drip went out whole").isFalse();
        }
        assertThat(admitted).hasSize(1);
        assertThat(refused).hasValue(1);
    }

    private Socket connect() throws IOException {
        var socket = new Socket();
        socket.connect(endpoint(), 5_000);
        return socket;
    }

    private InetSocketAddress endpoint() {
        return new InetSocketAddress(LOOPBACK, gate.getLocalPort());
    }

    /** JGroups' preamble (TcpConnection.sendLocalAddress) for an address of {@code ip}, port 40000. */
    private static byte[] preamble(short version, byte[] ip, byte[] scope) throws IOException {
        var bytes = new ByteArrayOutputStream();
        var out = new DataOutputStream(bytes);
        out.write(new byte[] {'b', 'e', 'l', 'a'});
        out.writeShort(version);
        out.writeShort(1 + ip.length + scope.length + Short.BYTES);
        out.writeByte(ip.length);
        out.write(ip);
        out.write(scope);
        out.writeShort(40_000);
        return bytes.toByteArray();
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}

package io.replsim.replication.transport.wire;

import io.replsim.replication.transport.ClusterSecret;
import org.jgroups.Address;
import org.jgroups.blocks.cs.Connection;
import org.jgroups.stack.IpAddress;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which frames a guarded server hands on, and which closing connections count as refused strangers. */
class FrameAdmissionTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final int LISTENING = 7_800;
    private static final IpAddress PEER = new IpAddress(LOOPBACK, 40_000);

    private final WireGuard guard = new WireGuard(ClusterSecret.generate(), 1_000);
    private final AtomicInteger refused = new AtomicInteger();
    private final FrameAdmission connections = new FrameAdmission(guard);

    FrameAdmissionTest() {
        guard.onRefusal(what -> refused.incrementAndGet());
    }

    @Test
    void anAcceptedConnectionThatClosesWithoutASealedFrameIsRefused() {
        Connection accepted = new Fake(LISTENING, PEER);
        connections.established(accepted, LISTENING);

        connections.closed(accepted, address -> false);

        assertThat(refused).hasValue(1);
    }

    @Test
    void oneThatNeverNamedItselfIsRefused() {
        connections.closed(new Fake(LISTENING, null), address -> false);

        assertThat(refused).hasValue(1);
    }

    @Test
    void oneThatDeliveredASealedFrameIsNot() {
        Connection accepted = new Fake(LISTENING, PEER);
        connections.established(accepted, LISTENING);
        byte[] sealed = guard.seal(new byte[] {1, 2, 3}, 0, 3);
        assertThat(connections.admit(PEER, sealed, 0, sealed.length)).as("the frame's length without its seal")
                .isEqualTo(3);

        connections.closed(accepted, address -> false);

        assertThat(refused).hasValue(0);
    }

    @Test
    void aFrameThatDoesNotOpenIsRefusedAndProvesNothing() {
        Connection accepted = new Fake(LISTENING, PEER);
        connections.established(accepted, LISTENING);
        byte[] unsealed = new byte[40];

        assertThatThrownBy(() -> connections.admit(PEER, unsealed, 0, unsealed.length))
                .hasMessageContaining("not sealed");
        assertThatThrownBy(() -> connections.admit(PEER, ByteBuffer.wrap(unsealed)))
                .hasMessageContaining("not sealed");
        connections.closed(accepted, address -> false);

        assertThat(refused).hasValue(1);
    }

    @Test
    void oneFromAMembersAddressIsNot() {
        Connection accepted = new Fake(LISTENING, PEER);
        connections.established(accepted, LISTENING);

        connections.closed(accepted, PEER::equals);

        assertThat(refused).hasValue(0);
    }

    @Test
    void oneThisMemberOpenedIsNot() {
        Connection opened = new Fake(51_234, PEER);
        connections.established(opened, LISTENING);

        connections.closed(opened, address -> false);

        assertThat(refused).hasValue(0);
    }

    /** A connection as JGroups' servers hand it to their listeners: where it is bound, whom it names. */
    private static final class Fake extends Connection {
        private final int localPort;

        Fake(int localPort, Address peer) {
            this.localPort = localPort;
            this.peer_addr = peer;
        }

        @Override
        public boolean isConnected() {
            return true;
        }

        @Override
        public boolean isConnectionPending() {
            return false;
        }

        @Override
        public boolean isClosed() {
            return false;
        }

        @Override
        public Address localAddress() {
            return new IpAddress(LOOPBACK, localPort);
        }

        @Override
        public void flush() {
        }

        @Override
        public void connect(Address dest) {
        }

        @Override
        public void start() {
        }

        @Override
        public void send(byte[] buf, int offset, int length) {
        }

        @Override
        public void send(ByteBuffer buf) {
        }

        @Override
        public String status() {
            return "fake";
        }

        @Override
        public void close(boolean graceful) {
        }

        @Override
        public void close() {
        }
    }
}

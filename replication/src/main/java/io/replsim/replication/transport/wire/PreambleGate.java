package io.replsim.replication.transport.wire;

import org.jgroups.Version;
import org.jgroups.blocks.cs.Connection;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.ProtocolException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * JGroups TCP's server socket. Its {@link #accept} hands out only connections whose JGroups preamble (the cookie,
 * the version and the peer's address: 15 bytes for IPv4, 31 for IPv6) arrived whole within the deadline and reads
 * as JGroups' own. JGroups reads that preamble on its one acceptor thread, each read waiting up to
 * {@code peer_addr_read_timeout}, so a peer that sends a byte a second holds every later connection, members' too;
 * here a thread of the gate accepts, and each preamble is read on a virtual thread of its own, under one deadline
 * for all of it ({@link HandshakeDeadline}). A connection refused here is counted by the guard and closed.
 */
final class PreambleGate extends ServerSocket {
    private static final int HEAD_BYTES = 9; // cookie 4, version 2, address size 2, IP length 1
    private static final int IPV4_BYTES = 4;
    private static final int IPV6_BYTES = 16;
    /** Stands in the queue for "closed": {@link #accept} then throws, as a closed server socket's does. */
    private static final Socket CLOSED = new Socket();

    private final WireGuard guard;
    private final Duration deadline;
    private final BlockingQueue<Socket> admitted = new LinkedBlockingQueue<>();
    private final AtomicBoolean accepting = new AtomicBoolean();

    PreambleGate(WireGuard guard, Duration deadline) throws IOException {
        this.guard = Objects.requireNonNull(guard, "guard");
        this.deadline = Objects.requireNonNull(deadline, "deadline");
    }

    @Override
    public Socket accept() throws IOException {
        if (accepting.compareAndSet(false, true)) {
            Thread.ofPlatform().daemon().name("jgroups-preamble-gate-" + getLocalPort()).start(this::acceptAll);
        }
        try {
            Socket next = admitted.take();
            if (next == CLOSED) {
                admitted.offer(CLOSED); // for any other thread in accept()
                throw new SocketException("Socket is closed");
            }
            return next;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SocketException("interrupted while accepting");
        }
    }

    @Override
    public void close() throws IOException {
        super.close();
        admitted.offer(CLOSED);
        for (Socket waiting : admitted) {
            if (waiting != CLOSED) {
                waiting.close();
            }
        }
    }

    private void acceptAll() {
        try {
            while (true) {
                var socket = new ReplayingSocket();
                implAccept(socket);
                Thread.ofVirtual().name("jgroups-preamble").start(() -> screen(socket));
            }
        } catch (IOException closed) {
            admitted.offer(CLOSED);
        }
    }

    private void screen(ReplayingSocket socket) {
        String refusal;
        try {
            var reading = new HandshakeDeadline(socket, deadline);
            byte[] preamble = read(new DataInputStream(reading));
            reading.lift();
            socket.replay(preamble);
            admitted.offer(socket);
            if (isClosed()) {
                socket.close();
            }
            return;
        } catch (SocketTimeoutException slow) {
            refusal = "no whole preamble within " + deadline.toMillis() + " ms";
        } catch (EOFException cutShort) {
            refusal = "closed before its preamble was whole";
        } catch (IOException e) {
            refusal = e.getMessage();
        }
        guard.refused("a connection from " + socket.getRemoteSocketAddress() + " on the JGroups port: " + refusal);
        try {
            socket.close();
        } catch (IOException alreadyGone) {
            // nothing to do
        }
    }

    /** The preamble as JGroups writes it (TcpConnection.sendLocalAddress); throws when it is not one. */
    private static byte[] read(DataInputStream in) throws IOException {
        byte[] head = new byte[HEAD_BYTES];
        in.readFully(head);
        if (!Arrays.equals(Arrays.copyOf(head, Connection.cookie.length), Connection.cookie)) {
            throw new ProtocolException("not JGroups (it starts with "
                    + HexFormat.of().formatHex(head, 0, Connection.cookie.length) + ")");
        }
        short version = (short) (((head[4] & 0xff) << 8) | (head[5] & 0xff));
        if (!Version.isBinaryCompatible(version)) {
            throw new ProtocolException("JGroups " + Version.print(version) + ", not " + Version.printVersion());
        }
        int rest = switch (head[HEAD_BYTES - 1]) {
            case IPV4_BYTES -> IPV4_BYTES + Short.BYTES;
            case IPV6_BYTES -> IPV6_BYTES + Integer.BYTES + Short.BYTES; // the address, its scope id, the port
            default -> throw new ProtocolException("an IP address of " + head[HEAD_BYTES - 1] + " bytes");
        };
        var preamble = new ByteArrayOutputStream(HEAD_BYTES + rest);
        preamble.write(head);
        byte[] tail = new byte[rest];
        in.readFully(tail);
        preamble.write(tail);
        return preamble.toByteArray();
    }
}

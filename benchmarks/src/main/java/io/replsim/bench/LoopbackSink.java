package io.replsim.bench;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A plain TCP server on loopback that reads length-framed messages on any number of connections, one platform
 * thread each, and answers each message with one byte when the sender asks for it: the physical floor a
 * replication benchmark compares itself with, in the same JVM and the same run.
 */
final class LoopbackSink implements AutoCloseable {
    private final ServerSocket server;
    private final List<Socket> accepted = new CopyOnWriteArrayList<>();

    LoopbackSink() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("loopback-sink-accept").start(this::acceptAll);
    }

    Connection connect() throws IOException {
        var socket = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
        socket.setTcpNoDelay(true);
        return new Connection(socket);
    }

    private void acceptAll() {
        try {
            while (true) {
                Socket peer = server.accept();
                peer.setTcpNoDelay(true);
                accepted.add(peer);
                Thread.ofPlatform().daemon().name("loopback-sink-read").start(() -> drain(peer));
            }
        } catch (IOException closed) {
            // the sink is closed
        }
    }

    private static void drain(Socket peer) {
        try (peer;
             var in = new DataInputStream(new BufferedInputStream(peer.getInputStream(), 1 << 16));
             var out = new DataOutputStream(peer.getOutputStream())) {
            byte[] buffer = new byte[1 << 20];
            while (true) {
                int length = in.readInt();
                boolean wantsAnswer = in.readBoolean();
                in.readFully(buffer, 0, length);
                if (wantsAnswer) {
                    out.writeByte(1);
                    out.flush();
                }
            }
        } catch (IOException closed) {
            // the client left
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket peer : accepted) {
            peer.close();
        }
    }

    /** One client connection; not thread-safe, one per requester thread. */
    static final class Connection implements AutoCloseable {
        private final Socket socket;
        private final DataOutputStream out;
        private final DataInputStream in;

        private Connection(Socket socket) throws IOException {
            this.socket = socket;
            this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 1 << 16));
            this.in = new DataInputStream(socket.getInputStream());
        }

        /** Sends the message and waits for the sink's one-byte answer, as a synchronous replication waits for its ack. */
        int roundTrip(byte[] message) throws IOException {
            send(message, true);
            return in.readByte();
        }

        /** Sends the message without waiting: only the socket buffers and the reader's pace hold the sender back. */
        void stream(byte[] message) throws IOException {
            send(message, false);
        }

        private void send(byte[] message, boolean wantsAnswer) throws IOException {
            out.writeInt(message.length);
            out.writeBoolean(wantsAnswer);
            out.write(message);
            out.flush();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}

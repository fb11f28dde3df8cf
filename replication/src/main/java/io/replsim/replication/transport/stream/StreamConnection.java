package io.replsim.replication.transport.stream;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;

/**
 * One sender-side direct stream to a member: a frame out, its answer back, one exchange at a time. The exchange's
 * deadline may {@link #expire} it from another thread.
 */
final class StreamConnection {
    private final Socket socket;
    private final DataOutputStream out;
    private final DataInputStream in;
    private final StreamPool.MemberConnections owner;
    private volatile boolean expired;

    private StreamConnection(Socket socket, StreamPool.MemberConnections owner) throws IOException {
        this.socket = socket;
        this.owner = owner;
        // Bigger than a 64 KB session's frame, so the length and the bytes leave in one write and wake the reader once.
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(),
                StreamServer.SOCKET_BUFFER_BYTES));
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
    }

    static StreamConnection open(InetSocketAddress endpoint, Duration connectTimeout, StreamHello hello,
                                 StreamPool.MemberConnections owner) throws IOException {
        var socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.setSendBufferSize(StreamServer.SOCKET_BUFFER_BYTES);
            socket.connect(endpoint, (int) connectTimeout.toMillis());
            var connection = new StreamConnection(socket, owner);
            hello.writeTo(connection.out); // leaves with the first frame
            return connection;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    StreamPool.MemberConnections owner() {
        return owner;
    }

    /** Writes one frame; throws when the stream is broken or {@link #expire expired}. */
    void send(byte[] frame, int length) throws IOException {
        if (expired) {
            throw new IOException("the deadline passed before sending");
        }
        out.writeInt(length);
        out.write(frame, 0, length);
        out.flush();
    }

    /** Reads the answer to the frame sent; {@code maxBytes} bounds what a broken peer can make us allocate. */
    byte[] receive(long maxBytes) throws IOException {
        int length = in.readInt();
        if (length <= 0 || length > maxBytes) {
            throw new IOException("an answer of " + length + " bytes (limit " + maxBytes + ")");
        }
        byte[] answer = new byte[length];
        in.readFully(answer);
        return answer;
    }

    /** Called at the deadline of an exchange still open: closing the socket unblocks its thread. */
    void expire() {
        expired = true;
        close();
    }

    boolean expired() {
        return expired;
    }

    void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is all we wanted
        }
    }
}

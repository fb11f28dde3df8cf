package io.replsim.bench.driver;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * wrk's work per request written in Java: kept-alive connections spread over one selector loop per core, each sending
 * one fixed {@code GET}, reading its answer to the end its {@code Content-Length} gives, counting a status other
 * than 200 as an error and recording the latency, then sending again at once. Nothing else: no session, no check of
 * the body, no per-user state, no allocation per request. What it reaches is the floor a JVM driver stands on with
 * the JDK's non-blocking sockets on this machine, measured in the same slices as wrk and the driver: the driver's
 * distance to it is the driver's own work, and its distance to wrk is the JVM's.
 *
 * <p>Answers are read into a direct buffer per connection as they come; the headers are scanned once they end,
 * and an answer that does not fit the buffer, or a chunked one, is an error and closes its connection (the trivial
 * endpoint sends neither).
 */
final class JvmFloorClient {

    /** What one run did: answers with status 200, other outcomes, its wall time and latencies (µs). */
    record Run(long requests, long errors, long wallNanos, Histogram latencyMicros) {
    }

    private static final int BUFFER = 16 * 1024;
    private static final byte[] CONTENT_LENGTH = "content-length:".getBytes(StandardCharsets.US_ASCII);

    private JvmFloorClient() {
    }

    /**
     * {@code connections} connections to {@code url} for {@code duration}, on {@code loops} threads; the wall time
     * runs from before the first connect to after the last loop ended, as wrk's does.
     */
    static Run run(URI url, int connections, Duration duration, int loops) throws IOException, InterruptedException {
        if (connections < loops || loops < 1) {
            throw new IllegalArgumentException("connections " + connections + " and loops " + loops
                    + ": expected at least one loop and a connection for each");
        }
        byte[] request = ("GET " + (url.getRawPath().isEmpty() ? "/" : url.getRawPath()) + " HTTP/1.1\r\nHost: "
                + url.getHost() + ":" + url.getPort() + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        InetSocketAddress address = new InetSocketAddress(url.getHost(), url.getPort());
        long start = System.nanoTime();
        long deadline = start + duration.toNanos();
        List<Loop> each = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < loops; i++) {
            int share = connections / loops + (i < connections % loops ? 1 : 0);
            Loop loop = new Loop(address, request, share, deadline);
            each.add(loop);
            threads.add(Thread.ofPlatform().name("jvm-floor-" + i).start(loop));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        long wall = System.nanoTime() - start;
        long requests = 0;
        long errors = 0;
        Histogram latency = new Histogram(3);
        for (Loop loop : each) {
            if (loop.failure != null) {
                throw new IOException("a floor loop failed: " + loop.failure, loop.failure);
            }
            requests += loop.requests;
            errors += loop.errors;
            latency.add(loop.latencyMicros);
        }
        return new Run(requests, errors, wall, latency);
    }

    /** One selector and its connections, on one thread. */
    private static final class Loop implements Runnable {
        private final InetSocketAddress address;
        private final ByteBuffer request;
        private final int connections;
        private final long deadline;
        final Histogram latencyMicros = new Histogram(3);
        /** Read after the loop's thread ended, as its counts are. */
        Exception failure;
        long requests;
        long errors;

        Loop(InetSocketAddress address, byte[] request, int connections, long deadline) {
            this.address = address;
            this.request = ByteBuffer.allocateDirect(request.length).put(request).flip();
            this.connections = connections;
            this.deadline = deadline;
        }

        @Override
        public void run() {
            try (Selector selector = Selector.open()) {
                List<Connection> open = new ArrayList<>();
                try {
                    for (int i = 0; i < connections; i++) {
                        SocketChannel channel = SocketChannel.open(address);
                        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                        channel.configureBlocking(false);
                        Connection connection = new Connection(channel, request.duplicate());
                        connection.key = channel.register(selector, SelectionKey.OP_READ, connection);
                        open.add(connection);
                        connection.send();
                    }
                    for (long now = System.nanoTime(); now < deadline; now = System.nanoTime()) {
                        selector.select(key -> ((Connection) key.attachment()).ready(this),
                                Math.max(1, (deadline - now) / 1_000_000));
                    }
                } finally {
                    for (Connection connection : open) {
                        connection.channel.close();
                    }
                }
            } catch (IOException | RuntimeException e) {
                failure = e;
            }
        }
    }

    /** One kept-alive connection: its request's bytes, the answer so far, and when the request went. */
    private static final class Connection {
        final SocketChannel channel;
        final ByteBuffer request;
        final ByteBuffer answer = ByteBuffer.allocateDirect(BUFFER);
        SelectionKey key;
        long sentNanos;
        /** Where the answer's body starts and how long it is, once its headers are read; -1 before. */
        int bodyStart = -1;
        int bodyLength;
        boolean ok;

        Connection(SocketChannel channel, ByteBuffer request) {
            this.channel = channel;
            this.request = request;
        }

        void send() throws IOException {
            request.rewind();
            sentNanos = System.nanoTime();
            channel.write(request);
            // a request of tens of bytes into an empty socket buffer: anything less is not this floor's case
            if (request.hasRemaining()) {
                throw new IOException("the request went out in part: " + request.remaining() + " bytes left");
            }
        }

        void ready(Loop loop) {
            try {
                if (channel.read(answer) < 0) {
                    throw new IOException("the endpoint closed a connection");
                }
                if (bodyStart < 0 && !headersRead()) {
                    if (!answer.hasRemaining()) {
                        throw new IOException("headers over " + BUFFER + " bytes");
                    }
                    return;
                }
                if (answer.position() < bodyStart + bodyLength) {
                    if (!answer.hasRemaining()) {
                        throw new IOException("an answer over " + BUFFER + " bytes");
                    }
                    return;
                }
                if (answer.position() > bodyStart + bodyLength) {
                    throw new IOException("bytes after the answer, which no request asked for");
                }
                loop.latencyMicros.recordValue(Math.max(0, (System.nanoTime() - sentNanos) / 1000));
                if (ok) {
                    loop.requests++;
                } else {
                    loop.errors++;
                }
                answer.clear();
                bodyStart = -1;
                send();
            } catch (IOException | RuntimeException e) {
                loop.errors++;
                key.cancel();
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // it is being dropped
                }
            }
        }

        /** Finds the end of the headers, the status and the body's length; false while the headers go on. */
        private boolean headersRead() throws IOException {
            int end = answer.position();
            int headersEnd = -1;
            for (int i = 3; i < end; i++) {
                if (answer.get(i) == '\n' && answer.get(i - 1) == '\r' && answer.get(i - 2) == '\n'
                        && answer.get(i - 3) == '\r') {
                    headersEnd = i + 1;
                    break;
                }
            }
            if (headersEnd < 0) {
                return false;
            }
            // "HTTP/1.1 200 ..."
            ok = headersEnd > 12 && answer.get(9) == '2' && answer.get(10) == '0' && answer.get(11) == '0';
            bodyLength = contentLength(headersEnd);
            bodyStart = headersEnd;
            return true;
        }

        private int contentLength(int headersEnd) throws IOException {
            for (int line = 0; line < headersEnd; ) {
                if (startsWithIgnoringCase(line, CONTENT_LENGTH, headersEnd)) {
                    int value = 0;
                    boolean digits = false;
                    for (int i = line + CONTENT_LENGTH.length; i < headersEnd; i++) {
                        byte b = answer.get(i);
                        if (b >= '0' && b <= '9') {
                            value = value * 10 + (b - '0');
                            digits = true;
                        } else if (b != ' ' || digits) {
                            break;
                        }
                    }
                    if (!digits) {
                        throw new IOException("a Content-Length without a number");
                    }
                    return value;
                }
                while (line < headersEnd && answer.get(line) != '\n') {
                    line++;
                }
                line++;
            }
            throw new IOException("an answer without a Content-Length (chunked or to the close)");
        }

        private boolean startsWithIgnoringCase(int at, byte[] prefix, int limit) {
            if (at + prefix.length > limit) {
                return false;
            }
            for (int i = 0; i < prefix.length; i++) {
                if (Character.toLowerCase(answer.get(at + i)) != prefix[i]) {
                    return false;
                }
            }
            return true;
        }
    }
}

package io.replsim.loadgen.exchange;

import javax.net.ServerSocketFactory;
import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * A test HTTP server on a real socket at 127.0.0.1: answers each request on a connection with the bytes the script
 * gives for the request's number, written in pieces of a given size with a pause between them (so that a
 * non-blocking reader sees the answer in parts), and closes the connection after {@code answersPerConnection}
 * answers or when the request asked for it. Over TLS too ({@link #overTls}), where closing a connection sends
 * close_notify first.
 */
final class ScriptedServer implements AutoCloseable {

    private final ServerSocket server;
    private final IntFunction<String> answers;
    private final int pieceSize;
    private final Duration pause;
    private final int answersPerConnection;
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    /** Counted down whenever the server closes a connection itself. */
    private volatile CountDownLatch closedByServer = new CountDownLatch(1);
    private final Thread acceptor;

    ScriptedServer(IntFunction<String> answers, int pieceSize, Duration pause, int answersPerConnection)
            throws IOException {
        this(ServerSocketFactory.getDefault(), answers, pieceSize, pause, answersPerConnection);
    }

    private ScriptedServer(ServerSocketFactory sockets, IntFunction<String> answers, int pieceSize, Duration pause,
                           int answersPerConnection) throws IOException {
        this.server = sockets.createServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
        this.answers = answers;
        this.pieceSize = pieceSize;
        this.pause = pause;
        this.answersPerConnection = answersPerConnection;
        this.acceptor = Thread.ofVirtual().start(this::accept);
    }

    /** Each answer whole in one write, connections kept until the client closes them. */
    static ScriptedServer answering(IntFunction<String> answers) throws IOException {
        return new ScriptedServer(answers, Integer.MAX_VALUE, Duration.ZERO, Integer.MAX_VALUE);
    }

    /** Each answer whole in one write over TLS with {@code tls}'s certificate. */
    static ScriptedServer overTls(SSLContext tls, IntFunction<String> answers, int answersPerConnection)
            throws IOException {
        return new ScriptedServer(tls.getServerSocketFactory(), answers, Integer.MAX_VALUE, Duration.ZERO,
                answersPerConnection);
    }

    int port() {
        return server.getLocalPort();
    }

    /** Connections accepted so far. */
    int connections() {
        return connections.get();
    }

    int requests() {
        return requests.get();
    }

    /** Waits until the server has closed a connection itself since the last call, at most {@code within}. */
    boolean awaitClosedByServer(Duration within) throws InterruptedException {
        boolean closed = closedByServer.await(within.toMillis(), TimeUnit.MILLISECONDS);
        closedByServer = new CountDownLatch(1);
        return closed;
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                connections.incrementAndGet();
                open.add(socket);
                Thread.ofVirtual().start(() -> serve(socket));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            for (int answered = 0; answered < answersPerConnection; answered++) {
                String request = readRequest(in);
                if (request == null) {
                    return;
                }
                byte[] answer = answers.apply(requests.incrementAndGet()).getBytes(StandardCharsets.ISO_8859_1);
                for (int at = 0; at < answer.length; at += pieceSize) {
                    if (at > 0 && !pause.isZero()) {
                        Thread.sleep(pause); // pacing the pieces, not waiting for anything
                    }
                    out.write(answer, at, Math.min(pieceSize, answer.length - at));
                    out.flush();
                }
                if (request.toLowerCase(java.util.Locale.ROOT).contains("connection: close")) {
                    break;
                }
            }
        } catch (IOException | InterruptedException e) {
            return; // the client went away; the test's assertions say what went wrong
        } finally {
            open.remove(socket);
        }
        closedByServer.countDown();
    }

    /** The request's head, or null at the end of the connection. */
    static String readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (head.length() < 4 || !head.substring(head.length() - 4).equals("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.append((char) b);
        }
        return head.toString();
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : open) {
            socket.close();
        }
        try {
            acceptor.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

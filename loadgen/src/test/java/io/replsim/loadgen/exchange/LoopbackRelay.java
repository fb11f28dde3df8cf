package io.replsim.loadgen.exchange;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay on 127.0.0.1 to a server's port that counts the connections it accepts (the server's view of how many
 * TCP connections a client really opened, whatever the client says about itself) and passes the client's bytes on as
 * they come and the server's as they come or in pieces of a given size with a pause between them (a TLS client then
 * sees its records split, the start of one in a read and its rest in later ones, the handshake's included).
 */
public final class LoopbackRelay implements AutoCloseable {

    private final ServerSocket listening;
    private final int serverPort;
    private final int pieceSize;
    private final Duration pause;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final AtomicLong connections = new AtomicLong();

    /** Passes both ways' bytes on as they come. */
    public static LoopbackRelay whole(int serverPort) throws IOException {
        return new LoopbackRelay(serverPort, Integer.MAX_VALUE, Duration.ZERO);
    }

    /** Passes the server's bytes on in pieces of {@code pieceSize}, {@code pause} between them. */
    static LoopbackRelay inPieces(int serverPort, int pieceSize, Duration pause) throws IOException {
        return new LoopbackRelay(serverPort, pieceSize, pause);
    }

    private LoopbackRelay(int serverPort, int pieceSize, Duration pause) throws IOException {
        this.listening = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
        this.serverPort = serverPort;
        this.pieceSize = pieceSize;
        this.pause = pause;
        Thread.ofVirtual().start(this::accept);
    }

    /** Where clients reach the server through this relay, as a node named {@code name}. */
    public NodeEndpoint endpoint(String name) {
        return new NodeEndpoint(name, URI.create("http://127.0.0.1:" + port()));
    }

    int port() {
        return listening.getLocalPort();
    }

    /** Connections accepted so far. */
    public long connections() {
        return connections.get();
    }

    /**
     * Ends every connection it relays at once, without a TLS goodbye: to the client, a server whose connections
     * ended under it. It goes on accepting new ones.
     */
    void dropConnections() {
        open.forEach(this::close);
    }

    private void accept() {
        while (!listening.isClosed()) {
            try {
                Socket client = listening.accept();
                connections.incrementAndGet();
                Socket server = new Socket(InetAddress.getByName("127.0.0.1"), serverPort);
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                open.add(client);
                open.add(server);
                Thread.ofVirtual().start(() -> pass(client, server, Integer.MAX_VALUE, Duration.ZERO));
                Thread.ofVirtual().start(() -> pass(server, client, pieceSize, pause));
            } catch (IOException closed) {
                return;
            }
        }
    }

    /** Passes {@code from}'s bytes to {@code to} until either ends, then closes both. */
    private void pass(Socket from, Socket to, int pieces, Duration between) {
        byte[] buffer = new byte[64 * 1024];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int read; (read = in.read(buffer)) >= 0; ) {
                for (int at = 0; at < read; at += pieces) {
                    if (at > 0 && !between.isZero()) {
                        Thread.sleep(between); // pacing the pieces, not waiting for anything
                    }
                    out.write(buffer, at, Math.min(pieces, read - at));
                    out.flush();
                }
            }
        } catch (IOException | InterruptedException ended) {
            // one side went away: the other goes too
        } finally {
            close(from);
            close(to);
        }
    }

    private void close(Socket socket) {
        open.remove(socket);
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is all that is left to do with it
        }
    }

    @Override
    public void close() throws IOException {
        listening.close();
        open.forEach(this::close);
    }
}

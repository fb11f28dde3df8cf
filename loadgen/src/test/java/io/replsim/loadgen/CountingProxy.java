package io.replsim.loadgen;

import io.replsim.loadgen.exchange.NodeEndpoint;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay on 127.0.0.1 in front of one node that counts the connections it accepts: the server's view of how
 * many TCP connections the driver really opened, whatever the driver says about itself.
 */
final class CountingProxy implements AutoCloseable {

    private final ServerSocket server;
    private final InetSocketAddress upstream;
    private final AtomicLong accepted = new AtomicLong();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    CountingProxy(NodeEndpoint node) throws IOException {
        this.upstream = new InetSocketAddress("127.0.0.1", node.baseUri().getPort());
        this.server = new ServerSocket(0, 1000, InetAddress.getByName("127.0.0.1"));
        this.acceptor = Thread.ofVirtual().name("counting-proxy").start(this::acceptAll);
    }

    NodeEndpoint endpoint(String name) {
        return new NodeEndpoint(name, URI.create("http://127.0.0.1:" + server.getLocalPort()));
    }

    long accepted() {
        return accepted.get();
    }

    private void acceptAll() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                accepted.incrementAndGet();
                Socket target = new Socket();
                target.connect(upstream);
                sockets.add(client);
                sockets.add(target);
                Thread.ofVirtual().start(() -> pipe(client, target));
                Thread.ofVirtual().start(() -> pipe(target, client));
            } catch (IOException closed) {
                return;
            }
        }
    }

    /** Copies one direction until it ends, then ends both, as a closed connection does. */
    private static void pipe(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException ended) {
            // one side went away
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already gone
        }
    }

    @Override
    public void close() throws Exception {
        server.close();
        acceptor.join();
        sockets.forEach(CountingProxy::closeQuietly);
    }
}

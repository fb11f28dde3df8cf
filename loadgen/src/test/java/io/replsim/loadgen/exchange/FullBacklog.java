package io.replsim.loadgen.exchange;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

/**
 * A loopback listener whose accept queue is full, so the kernel drops every further SYN: a connect to it neither
 * completes nor is refused, as to a node behind a network cut that drops packets. Closing it closes the connections
 * that filled the queue, and the listener if it made it.
 */
final class FullBacklog implements AutoCloseable {

    private static final int MOST_FILLERS = 16;

    private final ServerSocket listener;
    private final boolean ownsListener;
    private final List<Socket> fillers = new ArrayList<>();

    /** A listener of its own, with a backlog of one, that never accepts. */
    FullBacklog() throws IOException {
        this(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()), true);
    }

    /** Fills {@code listener}'s queue, which its owner no longer accepts from. */
    static FullBacklog of(ServerSocket listener) throws IOException {
        return new FullBacklog(listener, false);
    }

    private FullBacklog(ServerSocket listener, boolean ownsListener) throws IOException {
        this.listener = listener;
        this.ownsListener = ownsListener;
        for (int i = 0; i < MOST_FILLERS; i++) {
            Socket filler = new Socket();
            try {
                filler.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), listener.getLocalPort()), 200);
                fillers.add(filler);
            } catch (SocketTimeoutException full) {
                filler.close();
                return;
            }
        }
        close();
        throw new IllegalStateException("the kernel completed " + MOST_FILLERS + " connects to a listener that never"
                + " accepts: it does not drop SYNs on a full accept queue here (net.ipv4.tcp_abort_on_overflow?), so"
                + " no connect can be made to hang");
    }

    int port() {
        return listener.getLocalPort();
    }

    @Override
    public void close() throws IOException {
        for (Socket filler : fillers) {
            filler.close();
        }
        if (ownsListener) {
            listener.close();
        }
    }
}

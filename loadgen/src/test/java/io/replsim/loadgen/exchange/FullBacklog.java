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
 * A loopback port whose listener never accepts and whose accept queue is full, so the kernel drops every further
 * SYN: a connect to it neither completes nor is refused, as to a node behind a network cut that drops packets.
 */
final class FullBacklog implements AutoCloseable {

    private static final int MOST_FILLERS = 16;

    private final ServerSocket listener;
    private final List<Socket> fillers = new ArrayList<>();

    FullBacklog() throws IOException {
        listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
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
        throw new IllegalStateException("the kernel completed " + MOST_FILLERS + " connects to a listener with a"
                + " backlog of 1 that never accepts: it does not drop SYNs on a full accept queue here"
                + " (net.ipv4.tcp_abort_on_overflow?), so no connect can be made to hang");
    }

    int port() {
        return listener.getLocalPort();
    }

    @Override
    public void close() throws IOException {
        for (Socket filler : fillers) {
            filler.close();
        }
        listener.close();
    }
}

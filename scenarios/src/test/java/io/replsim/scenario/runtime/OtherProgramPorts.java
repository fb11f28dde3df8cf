package io.replsim.scenario.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * Another program on the machine that binds a cluster's ports between the runtime's check that they were free and
 * its nodes' binds: it hands out free blocks, binds the ports a test names in each as soon as it is handed out, and
 * holds them until closed.
 */
final class OtherProgramPorts implements AutoCloseable {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private final List<List<NodePorts>> handedOut = new CopyOnWriteArrayList<>();
    private final List<ServerSocket> held = new CopyOnWriteArrayList<>();

    /** Free blocks, of which {@code toTake} names the ports this program binds as soon as each is handed out. */
    PortBlocks blocks(Function<List<NodePorts>, List<Integer>> toTake) {
        PortAllocator free = new PortAllocator(LOOPBACK, ThreadLocalRandom.current());
        return nodes -> {
            ReservedPorts block = free.allocate(nodes);
            for (int port : toTake.apply(block.nodes())) {
                held.add(bind(port));
            }
            handedOut.add(block.nodes());
            return block;
        };
    }

    /** The blocks handed out, in order. */
    List<List<NodePorts>> handedOut() {
        return handedOut;
    }

    /** The sockets this program binds, in order. */
    List<ServerSocket> held() {
        return held;
    }

    static ServerSocket bind(int port) {
        try {
            ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(LOOPBACK, port));
            return socket;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        for (ServerSocket socket : held) {
            socket.close();
        }
    }
}

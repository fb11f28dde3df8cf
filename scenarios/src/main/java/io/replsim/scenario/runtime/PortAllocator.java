package io.replsim.scenario.runtime;

import io.replsim.replication.transport.TcpStackSpec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.stream.IntStream;

/**
 * Finds a block of free ports for a cluster so that runs and tests side by side do not collide: a random base,
 * every port of the block checked by binding it.
 */
public final class PortAllocator implements PortBlocks {
    private static final int LOWEST_BASE = 20_000;
    // Below Linux's ephemeral range (32768-60999): an outgoing connection could otherwise take a port between the
    // check here and the node's bind, as one drill in a 100-drill soak saw (admin port "already in use").
    private static final int HIGHEST_BASE = 32_000;
    private static final int STRIDE = 20;
    private static final int ATTEMPTS = 100;

    private final InetAddress bindAddress;
    private final RandomGenerator random;

    public PortAllocator(InetAddress bindAddress, RandomGenerator random) {
        this.bindAddress = bindAddress;
        this.random = random;
    }

    @Override
    public List<NodePorts> allocate(int nodes) {
        if (nodes < 1 || nodes > STRIDE) {
            throw new IllegalArgumentException("between 1 and " + STRIDE + " nodes, got " + nodes);
        }
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int base = LOWEST_BASE + random.nextInt((HIGHEST_BASE - LOWEST_BASE) / STRIDE) * STRIDE;
            List<NodePorts> plan = IntStream.range(0, nodes)
                    .mapToObj(i -> new NodePorts(base + i, base + STRIDE + i, base + 2 * STRIDE + i,
                            base + 3 * STRIDE + i))
                    .toList();
            if (plan.stream().allMatch(this::allFree)) {
                return plan;
            }
        }
        throw new IllegalStateException("found no free block of ports between " + LOWEST_BASE + " and "
                + (HIGHEST_BASE + 3 * STRIDE + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET) + " on " + bindAddress.getHostAddress() + " after " + ATTEMPTS + " tries");
    }

    private boolean allFree(NodePorts ports) {
        List<Integer> wanted = new ArrayList<>(List.of(ports.http(), ports.admin(), ports.jgroups(), ports.failureDetection(),
                ports.metrics()));
        return wanted.stream().allMatch(this::free);
    }

    private boolean free(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(bindAddress, port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}

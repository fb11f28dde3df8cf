package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A block is handed out only when every port a node may listen on is free, its metrics port among them. */
class PortAllocatorTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    /** PortAllocator's lowest base and stride: block n starts at 20000 + 20 n. */
    private static final int LOWEST_BASE = 20_000;
    private static final int STRIDE = 20;

    @Test
    void aBlockWhoseMetricsPortIsTakenIsPassedOverForTheNext() throws IOException {
        int taken = 137;
        int metricsPort = LOWEST_BASE + taken * STRIDE + 3 * STRIDE + 1;
        try (ServerSocket holder = new ServerSocket()) {
            holder.setReuseAddress(false);
            holder.bind(new InetSocketAddress(LOOPBACK, metricsPort));

            // After the taken block, blocks far from it (others' runs on this machine may hold some of them).
            List<NodePorts> block = new PortAllocator(LOOPBACK, blocksInTurn(taken, 400)).allocate(2);

            assertThat(block.getFirst().http()).isNotEqualTo(LOWEST_BASE + taken * STRIDE);
            assertThat(block).extracting(NodePorts::metrics).doesNotContain(metricsPort);
        }
    }

    @Test
    void everyPortOfABlockIsItsOwn() {
        List<NodePorts> block = new PortAllocator(LOOPBACK, blocksInTurn(222, 400)).allocate(3);

        List<Integer> ports = block.stream().flatMap(node -> IntStream.of(node.http(), node.admin(), node.jgroups(),
                node.failureDetection(), node.metrics()).boxed()).toList();
        assertThat(ports).doesNotHaveDuplicates().hasSize(15);
        assertThat(block).allSatisfy(node -> assertThat(node.metrics()).isEqualTo(node.http() + 3 * STRIDE));
    }

    /** Hands out block {@code first}, then {@code from}, the one after it, and so on. */
    private static RandomGenerator blocksInTurn(int first, int from) {
        return new RandomGenerator() {
            private int draws;

            @Override
            public int nextInt(int bound) {
                return draws++ == 0 ? first : (from + draws) % bound;
            }

            @Override
            public long nextLong() {
                throw new UnsupportedOperationException("the allocator draws a block number");
            }
        };
    }
}

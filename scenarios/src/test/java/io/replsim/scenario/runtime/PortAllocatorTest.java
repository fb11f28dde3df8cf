package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.replication.transport.TcpStackSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A block is handed out only when every port a node may listen on is free, its metrics port among them, and no other
 * replsim process (or runtime of this one) holds it; blocks share no port.
 */
@Timeout(60)
class PortAllocatorTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @TempDir
    Path reservations;

    @Test
    void aBlockWhoseMetricsPortIsTakenIsPassedOverForTheNext() throws IOException {
        int taken = 37;
        int metricsPort = PortAllocator.base(taken) + 3 * PortAllocator.ROLE_STRIDE + 1;
        try (ServerSocket holder = new ServerSocket()) {
            holder.setReuseAddress(false);
            holder.bind(new InetSocketAddress(LOOPBACK, metricsPort));

            // After the taken block, blocks far from it (others' runs on this machine may hold some of them).
            try (ReservedPorts block = allocator(new BlocksInTurn(taken, 10)).allocate(2)) {
                assertThat(block.nodes().getFirst().http()).isNotEqualTo(PortAllocator.base(taken));
                assertThat(block.nodes()).extracting(NodePorts::metrics).doesNotContain(metricsPort);
            }
        }
    }

    @Test
    void everyPortOfABlockIsItsOwn() {
        try (ReservedPorts block = allocator(new BlocksInTurn(22, 40)).allocate(3)) {
            List<Integer> ports = block.nodes().stream().flatMap(node -> IntStream.of(node.http(), node.admin(),
                    node.jgroups(), node.failureDetection(), node.metrics()).boxed()).toList();
            assertThat(ports).doesNotHaveDuplicates().hasSize(15);
            assertThat(block.nodes()).allSatisfy(node ->
                    assertThat(node.metrics()).isEqualTo(node.http() + 3 * PortAllocator.ROLE_STRIDE));
        }
    }

    @Test
    void neighbouringBlocksOfTheMostNodesShareNoPort() {
        Set<Integer> first = everyPortOf(0);
        Set<Integer> next = everyPortOf(1);

        assertThat(first).doesNotContainAnyElementsOf(next);
        assertThat(PortAllocator.base(PortAllocator.BLOCKS - 1) + PortAllocator.BLOCK_USES).isLessThan(32_768);
    }

    @Test
    void aBlockThisJvmHoldsIsNotHandedOutAgainUntilGivenBack() {
        int drawn;
        try (ReservedPorts held = allocator(new BlocksInTurn(5, 20)).allocate(3)) {
            drawn = held.nodes().getFirst().http();
            try (ReservedPorts other = allocator(new BlocksInTurn(blockOf(drawn), 30)).allocate(3)) {
                assertThat(other.nodes().getFirst().http()).isNotEqualTo(drawn);
            }
        }
        try (ReservedPorts again = allocator(new BlocksInTurn(blockOf(drawn), 30)).allocate(3)) {
            assertThat(again.nodes().getFirst().http()).isEqualTo(drawn);
        }
    }

    @Test
    void aBlockAnotherProcessHoldsIsPassedOverUntilThatProcessEnds() throws Exception {
        Process other = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), PortBlockHolder.class.getName(),
                reservations.toString(), "12")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(other.getInputStream(),
                    StandardCharsets.UTF_8));
            String holding = lines.readLine();
            assertThat(holding).startsWith("HOLDING ");
            int held = Integer.parseInt(holding.substring("HOLDING ".length()));

            try (ReservedPorts mine = allocator(new BlocksInTurn(blockOf(held), 45)).allocate(3)) {
                assertThat(mine.nodes().getFirst().http()).isNotEqualTo(held);
            }

            other.destroyForcibly();
            assertThat(other.waitFor(20, TimeUnit.SECONDS)).as("the holder ended").isTrue();
            try (ReservedPorts mine = allocator(new BlocksInTurn(blockOf(held), 45)).allocate(3)) {
                assertThat(mine.nodes().getFirst().http()).as("a killed holder's block is free again").isEqualTo(held);
            }
        } finally {
            other.destroyForcibly();
        }
    }

    private PortAllocator allocator(BlocksInTurn draws) {
        return new PortAllocator(LOOPBACK, draws, reservations);
    }

    private static int blockOf(int http) {
        return (http - PortAllocator.base(0)) / PortAllocator.BLOCK_STRIDE;
    }

    /** Every port the most nodes a block has may bind, failure detection's whole range among them. */
    private static Set<Integer> everyPortOf(int block) {
        int base = PortAllocator.base(block);
        Set<Integer> ports = new HashSet<>();
        for (int node = 0; node < PortAllocator.ROLE_STRIDE; node++) {
            NodePorts p = new NodePorts(base + node, base + PortAllocator.ROLE_STRIDE + node,
                    base + 2 * PortAllocator.ROLE_STRIDE + node, base + 3 * PortAllocator.ROLE_STRIDE + node);
            ports.addAll(List.of(p.http(), p.admin(), p.jgroups(), p.metrics()));
            for (int extra = 0; extra <= TcpStackSpec.FAILURE_DETECTION_PORT_RANGE; extra++) {
                ports.add(p.failureDetection() + extra);
            }
        }
        return ports;
    }
}

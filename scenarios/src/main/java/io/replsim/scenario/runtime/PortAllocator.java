package io.replsim.scenario.runtime;

import io.replsim.replication.transport.TcpStackSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import java.util.stream.IntStream;

/**
 * Finds a block of free ports for a cluster so that runs and tests side by side do not collide: a random block among
 * blocks that share no port, reserved by a lock on the block's file that every replsim process on the machine
 * honours, then every port of it checked by binding it (for programs that are not replsim).
 */
public final class PortAllocator implements PortBlocks {
    private static final int LOWEST_BASE = 20_000;
    // Below Linux's ephemeral range (32768-60999): an outgoing connection could otherwise take a port between the
    // check here and the node's bind, as one drill in a 100-drill soak saw (admin port "already in use").
    private static final int HIGHEST_PORT = 32_000;
    /** Ports from one role's first node to the next role's (http, admin, JGroups, metrics): the most nodes a block has. */
    static final int ROLE_STRIDE = 20;
    /** The span of a block: its four roles, then failure detection's ports above the JGroups ones. */
    static final int BLOCK_USES = 2 * ROLE_STRIDE + ROLE_STRIDE
            + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET + TcpStackSpec.FAILURE_DETECTION_PORT_RANGE;
    /** Bases this far apart share no port, so two reserved blocks never overlap. */
    static final int BLOCK_STRIDE = 200;
    static final int BLOCKS = (HIGHEST_PORT - LOWEST_BASE) / BLOCK_STRIDE;
    private static final int ATTEMPTS = 100;

    private final InetAddress bindAddress;
    private final RandomGenerator random;
    private final Path reservations;

    public PortAllocator(InetAddress bindAddress, RandomGenerator random) {
        this(bindAddress, random, defaultReservations());
    }

    /** With the blocks' lock files in {@code reservations}, shared by every allocator that must not collide. */
    PortAllocator(InetAddress bindAddress, RandomGenerator random, Path reservations) {
        this.bindAddress = bindAddress;
        this.random = random;
        this.reservations = reservations;
    }

    /** One directory per user: another user's runs cannot be locked out of a directory they cannot write. */
    private static Path defaultReservations() {
        return Path.of(System.getProperty("java.io.tmpdir"), "replsim-port-blocks-" + System.getProperty("user.name"));
    }

    /** The base of block {@code n}: its first node's http port. */
    static int base(int block) {
        return LOWEST_BASE + block * BLOCK_STRIDE;
    }

    @Override
    public ReservedPorts allocate(int nodes) {
        if (nodes < 1 || nodes > ROLE_STRIDE) {
            throw new IllegalArgumentException("between 1 and " + ROLE_STRIDE + " nodes, got " + nodes);
        }
        createReservations();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int base = base(random.nextInt(BLOCKS));
            List<NodePorts> plan = IntStream.range(0, nodes)
                    .mapToObj(i -> new NodePorts(base + i, base + ROLE_STRIDE + i, base + 2 * ROLE_STRIDE + i,
                            base + 3 * ROLE_STRIDE + i))
                    .toList();
            Optional<FileChannel> lock = reserve(base);
            if (lock.isEmpty()) {
                continue;
            }
            ReservedPorts reserved = new ReservedPorts(plan, lock.get());
            if (plan.stream().allMatch(this::allFree)) {
                return reserved;
            }
            reserved.close();
        }
        throw new IllegalStateException("found no free block of ports between " + LOWEST_BASE + " and "
                + (base(BLOCKS - 1) + BLOCK_USES - 1) + " on " + bindAddress.getHostAddress() + " after " + ATTEMPTS
                + " tries: other runs hold their blocks (" + reservations + ") or other programs listen there");
    }

    private void createReservations() {
        try {
            Files.createDirectories(reservations);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + reservations + ", where runs reserve their ports: "
                    + e.getMessage() + "; make it writable or set java.io.tmpdir to a writable directory", e);
        }
    }

    /** The block's lock, or empty when another run (another process, or this one) holds it. */
    private Optional<FileChannel> reserve(int base) {
        Path file = reservations.resolve("block-" + base + ".lock");
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock != null) {
                return Optional.of(channel);
            }
        } catch (OverlappingFileLockException heldHere) {
            // a runtime of this JVM holds the block
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock " + file + " to reserve ports " + base + "-"
                    + (base + BLOCK_USES - 1) + ": " + e.getMessage(), e);
        }
        closeQuietly(channel);
        return Optional.empty();
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing was reserved through it
        }
    }

    private boolean allFree(NodePorts ports) {
        return IntStream.of(ports.http(), ports.admin(), ports.jgroups(), ports.failureDetection(), ports.metrics())
                .allMatch(this::free);
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

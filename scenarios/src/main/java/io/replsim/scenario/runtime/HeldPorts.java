package io.replsim.scenario.runtime;

import java.util.List;
import java.util.Optional;

/**
 * The block of ports a cluster holds: one reserved block at a time, from its start until it closes. A start begun
 * again on other ports takes a new block before it gives back the last, so that it draws another.
 */
public final class HeldPorts implements AutoCloseable {
    private final PortBlocks blocks;
    private Optional<ReservedPorts> held = Optional.empty();

    public HeldPorts(PortBlocks blocks) {
        this.blocks = blocks;
    }

    /** Ports for {@code nodes} nodes, held in place of any held before. */
    public synchronized List<NodePorts> take(int nodes) {
        ReservedPorts block = blocks.allocate(nodes);
        held.ifPresent(ReservedPorts::close);
        held = Optional.of(block);
        return block.nodes();
    }

    /** Gives the block back. */
    @Override
    public synchronized void close() {
        held.ifPresent(ReservedPorts::close);
        held = Optional.empty();
    }
}

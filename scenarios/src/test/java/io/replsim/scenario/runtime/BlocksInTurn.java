package io.replsim.scenario.runtime;

import java.util.random.RandomGenerator;

/** Draws block {@code first}, then the blocks after {@code from} in turn: a PortAllocator's draws made known. */
final class BlocksInTurn implements RandomGenerator {
    private final int first;
    private final int from;
    private int draws;

    BlocksInTurn(int first, int from) {
        this.first = first;
        this.from = from;
    }

    @Override
    public int nextInt(int bound) {
        return draws++ == 0 ? first % bound : (from + draws) % bound;
    }

    @Override
    public long nextLong() {
        throw new UnsupportedOperationException("the allocator draws a block number");
    }
}

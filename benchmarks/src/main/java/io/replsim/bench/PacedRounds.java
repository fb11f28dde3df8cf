package io.replsim.bench;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A paced probe's sending loop: {@code rate} rounds a second, each after a park until its time (as a node's
 * request thread sleeps between requests), for a warm-up and then a counted window, with the probe's thread
 * counts read at the window's start and end.
 */
final class PacedRounds {
    /** One round's work; {@code turn} counts every round from the first, warm-up included. */
    @FunctionalInterface
    interface Round {
        void play(long turn) throws Exception;
    }

    private PacedRounds() {
    }

    static ThreadGroupCpu.Window run(ThreadGroupCpu threads, int rate, Duration warmUp, Duration window, Round round)
            throws Exception {
        long period = TimeUnit.SECONDS.toNanos(1) / rate;
        long start = System.nanoTime();
        long windowStart = start + warmUp.toNanos();
        long end = windowStart + window.toNanos();
        long rounds = 0;
        Map<String, long[]> before = null;
        long next = start;
        for (long turn = 0; ; turn++) {
            long now = System.nanoTime();
            if (before == null && now - windowStart >= 0) {
                before = threads.now();
                rounds = 0;
            }
            if (now - end >= 0) {
                break;
            }
            round.play(turn);
            rounds++;
            next += period;
            long untilNext = next - System.nanoTime();
            if (untilNext > 0) {
                LockSupport.parkNanos(untilNext);
            }
        }
        return new ThreadGroupCpu.Window(rounds, before, threads.now());
    }
}

package io.replsim.scenario.provenance;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The fixed piece of work a {@link CpuProbe} times: a chain of 100,000 dependent steps, each mixing a 64-bit hash
 * and reading the entry of a 4 MB table it names, so that the work needs both the core (the mixing) and the caches
 * a host shares between tenants (the table is larger than a core's own). The table is filled from a fixed seed, so
 * every replsim does the same work. The steps run in short calls of one method, and untimed repetitions come first,
 * so that the JIT has compiled that method before the timing starts: a probe read as a JVM starts measures the
 * machine, not the interpreter. A JVM's later probes need one untimed repetition, to bring the table back into the
 * caches the run used meanwhile. On an idle machine a JVM's first probe takes about 130 ms of one core (the table's
 * filling, the interpreter, the JIT) and reads as its later ones do; each later probe 20-35 ms.
 */
public final class ReferenceWork {

    private static final int TABLE_LENGTH = 1 << 20;
    private static final int STEPS_PER_CALL = 1_000;
    private static final int CALLS = 100;
    /** Untimed repetitions of a JVM's first probe: enough for the JIT to compile the steps. */
    private static final int UNTIMED_FIRST = 8;
    /** Of every later probe: the code is compiled; one repetition brings the table back into the caches. */
    private static final int UNTIMED_LATER = 1;
    private static final int TIMED = 5;

    /** Keeps the JIT from proving the work's result unused. */
    private static volatile long sink;
    /** Whether this JVM has probed before (a race only warms twice). */
    private static volatile boolean warmed;

    private ReferenceWork() {
    }

    /** Times the work now, on the calling thread. */
    public static CpuProbe probe() {
        int[] table = Table.ENTRIES;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpuTimed = threads.isCurrentThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled();
        for (int i = 0, untimed = warmed ? UNTIMED_LATER : UNTIMED_FIRST; i < untimed; i++) {
            sink = repetition(table);
        }
        warmed = true;
        double[] wall = new double[TIMED];
        double[] cpu = new double[TIMED];
        for (int i = 0; i < TIMED; i++) {
            long cpuStart = cpuTimed ? threads.getCurrentThreadCpuTime() : 0;
            long wallStart = System.nanoTime();
            sink = repetition(table);
            wall[i] = (System.nanoTime() - wallStart) / 1e6;
            cpu[i] = cpuTimed ? (threads.getCurrentThreadCpuTime() - cpuStart) / 1e6 : 0;
        }
        return new CpuProbe(median(wall), cpuTimed ? median(cpu) : null);
    }

    /** Filled once per JVM, on the first probe: filling it costs more than a probe. */
    private static final class Table {
        static final int[] ENTRIES = new SplittableRandom(20261201L).ints(TABLE_LENGTH).toArray();
    }

    private static long repetition(int[] table) {
        long state = 0x9E3779B97F4A7C15L;
        for (int call = 0; call < CALLS; call++) {
            state = steps(table, state);
        }
        return state;
    }

    private static long steps(int[] table, long state) {
        long hash = state;
        for (int step = 0; step < STEPS_PER_CALL; step++) {
            hash ^= table[(int) hash & (TABLE_LENGTH - 1)];
            hash ^= hash << 13;
            hash ^= hash >>> 7;
            hash ^= hash << 17;
            hash *= 0xBF58476D1CE4E5B9L;
        }
        return hash;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}

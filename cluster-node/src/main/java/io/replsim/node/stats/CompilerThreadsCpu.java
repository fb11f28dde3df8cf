package io.replsim.node.stats;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The CPU this JVM's JIT compiler threads have used since it started, from Linux's per-thread accounting
 * ({@code /proc/self/task/<tid>/stat}). A node's CPU over a window is a steady state's only when the JIT is done:
 * fresh nodes under a 0.66-core budget compile for two to three minutes, and in that time the compiler threads take
 * a fifth of the node and more; this is what lets a report say so. No JMX bean gives it: the compilation bean's
 * total is elapsed time, which a CPU quota stretches.
 * <p>
 * The JVM starts and stops compiler threads as its queue grows and shrinks, and a thread's time leaves {@code /proc}
 * with the thread: each thread's last reading is kept, so the total only grows (an exited thread's CPU after its
 * last reading, at most one call apart, is lost). A thread's name is read once: reading every thread's name on
 * every call cost a node 2% of its CPU at one stats call a second (async-profiler, cost/session-3k).
 */
public final class CompilerThreadsCpu {
    /** Linux's {@code USER_HZ}, the unit of {@code utime}/{@code stime}: 100 on every architecture the JDK runs on. */
    private static final long MS_PER_TICK = 10;
    // HotSpot names them "C1 CompilerThread0", "C2 CompilerThread1"; the kernel keeps the first 15 bytes
    private static final String C1 = "C1 CompilerThre";
    private static final String C2 = "C2 CompilerThre";

    private final Path tasks;
    private final Map<String, Long> ticksByThread = new HashMap<>();
    private final Map<String, Boolean> compilerByThread = new HashMap<>();
    private boolean readable = true;

    CompilerThreadsCpu(Path tasks) {
        this.tasks = tasks;
    }

    /** This process's compiler threads. */
    public static CompilerThreadsCpu ofThisProcess() {
        return new CompilerThreadsCpu(Path.of("/proc/self/task"));
    }

    /** Reads every compiler thread's CPU now; empty where the system keeps no per-thread accounting. */
    public synchronized Optional<Long> totalMs() {
        if (!readable) {
            return Optional.empty();
        }
        Set<String> live = new HashSet<>();
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                String tid = thread.getFileName().toString();
                live.add(tid);
                if (compilerByThread.computeIfAbsent(tid, unknown -> isCompiler(thread))) {
                    readTicks(tid, thread);
                }
            }
        } catch (IOException | UnsupportedOperationException e) {
            readable = false;
            return Optional.empty();
        }
        // a thread id the kernel hands out again may name another thread: forget the names of the ended ones
        compilerByThread.keySet().retainAll(live);
        return Optional.of(ticksByThread.values().stream().mapToLong(Long::longValue).sum() * MS_PER_TICK);
    }

    private static boolean isCompiler(Path thread) {
        try {
            String name = Files.readString(thread.resolve("comm"), StandardCharsets.UTF_8).strip();
            return name.startsWith(C1) || name.startsWith(C2);
        } catch (IOException e) {
            return false; // ended between the listing and the read
        }
    }

    private void readTicks(String tid, Path thread) {
        try {
            // keyed by the thread's start time too, so a reused id does not add to an ended compiler's reading
            String stat = Files.readString(thread.resolve("stat"));
            ticksByThread.merge(tid + "@" + startTime(stat), ticks(stat), Math::max);
        } catch (IOException e) {
            // the thread ended between the listing and the read: its last reading stays
        }
    }

    private static String[] fieldsAfterName(String stat) {
        // the command name before them may hold spaces and parentheses, so count from the last ')'
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    }

    /** utime + stime, the 14th and 15th fields of the stat line. */
    static long ticks(String stat) {
        String[] fields = fieldsAfterName(stat);
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /** starttime, the 22nd field. */
    private static String startTime(String stat) {
        return fieldsAfterName(stat)[19];
    }
}

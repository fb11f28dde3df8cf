package io.replsim.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A paced probe's CPU and context switches per group of its threads (by name), read from {@code /proc/self/task}
 * (nanoseconds on a CPU, as the floor beside a node reads a node's threads), and the report line its coordinator
 * and {@code floor.FloorReading} read: {@code peer N: R rounds, X µs of CPU per round (...); <group> Y µs / Z
 * switches; ...}.
 */
final class ThreadGroupCpu {
    /** The groups the report names; {@code floor.FloorReading} reads them by these words. */
    static final String SENDING = "sending thread";
    static final String ANSWERING = "answering threads";
    static final String JVM = "the JVM's own (GC, JIT, ...)";

    /** Counts at two instants and the rounds between them. */
    record Window(long rounds, Map<String, long[]> before, Map<String, long[]> after) {
    }

    private final Function<String, String> groupOfThread;

    private ThreadGroupCpu(Function<String, String> groupOfThread) {
        this.groupOfThread = groupOfThread;
    }

    /** A probe whose sending thread is named {@code sender} and whose answering threads' names start so. */
    static ThreadGroupCpu answeringOn(String threadPrefix) {
        return new ThreadGroupCpu(thread -> thread.equals("sender") ? SENDING
                : thread.startsWith(threadPrefix) ? ANSWERING : JVM);
    }

    /** Per group: {CPU ns, voluntary + involuntary switches}. */
    Map<String, long[]> now() throws IOException {
        Map<String, long[]> counts = new TreeMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    String name = Files.readString(task.resolve("comm")).strip();
                    long cpu = Long.parseLong(Files.readString(task.resolve("schedstat")).split(" ")[0]);
                    long switches = 0;
                    for (String line : Files.readAllLines(task.resolve("status"))) {
                        if (line.contains("ctxt_switches")) {
                            switches += Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
                        }
                    }
                    long[] sum = counts.computeIfAbsent(groupOfThread.apply(name), ignored -> new long[2]);
                    sum[0] += cpu;
                    sum[1] += switches;
                } catch (IOException threadEnded) {
                    // a thread that ended between the listing and the read
                }
            }
        }
        return counts;
    }

    /** Prints the peer's report line: the whole process and each group per round. */
    static void report(int self, Window window, String round) {
        long rounds = window.rounds();
        long totalCpu = 0;
        StringBuilder line = new StringBuilder();
        for (var entry : window.after().entrySet()) {
            long[] was = window.before().getOrDefault(entry.getKey(), new long[2]);
            long cpu = entry.getValue()[0] - was[0];
            long switches = entry.getValue()[1] - was[1];
            totalCpu += cpu;
            line.append(String.format("; %s %.1f µs / %.2f switches", entry.getKey(), cpu / 1_000.0 / rounds,
                    (double) switches / rounds));
        }
        System.out.printf("peer %d: %d rounds, %.1f µs of CPU per round (%s)%s%n", self, rounds,
                totalCpu / 1_000.0 / rounds, round, line);
    }
}

package io.replsim.bench.floor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One reading of a process's threads' CPU, summed by role, at a wall-clock instant. The node's own stats give only
 * the JIT's share (CompilerThreadsCpu reads no other thread's name, since reading every name on every stats call
 * cost a node 2% of its CPU); the split by role is read here, from outside, once a second, so the node under
 * measurement pays nothing for it. {@code schedstat}'s first field is the thread's time on a CPU in nanoseconds,
 * where {@code stat}'s utime and stime come in 10 ms ticks: at ~7,000 requests in a window, 16 threads' rounding
 * would be worth 20 µs a request.
 */
record RoleCpu(long atEpochMs, Map<ThreadRole, Long> nanos) {

    RoleCpu {
        nanos = Map.copyOf(nanos);
    }

    long of(ThreadRole role) {
        return nanos.getOrDefault(role, 0L);
    }

    /** Every thread of {@code pid} now; threads that end between the listing and the read are left out. */
    static RoleCpu read(long pid) throws IOException {
        return read(Path.of("/proc", Long.toString(pid), "task"));
    }

    static RoleCpu read(Path tasks) throws IOException {
        long now = System.currentTimeMillis();
        Map<ThreadRole, Long> sums = new EnumMap<>(ThreadRole.class);
        try (Stream<Path> threads = Files.list(tasks)) {
            for (Path thread : threads.toList()) {
                try {
                    String comm = Files.readString(thread.resolve("comm")).strip();
                    long onCpu = Long.parseLong(Files.readString(thread.resolve("schedstat")).split(" ")[0]);
                    sums.merge(ThreadRole.of(comm), onCpu, Long::sum);
                } catch (IOException ended) {
                    // the thread ended between the listing and the read
                }
            }
        }
        return new RoleCpu(now, sums);
    }
}

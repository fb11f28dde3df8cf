package io.replsim.node.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * How often the kernel stopped this process for having used its CPU quota, from the {@code cpu.stat} of the cgroup
 * it is in now (read each time: a runner moves a node into its group after starting it). A v1 hierarchy whose
 * controllers include {@code cpu} comes first; else the unified (v2) one. Nothing where neither can be read, as on a
 * host without the controller or in a container that does not show its group.
 */
public final class CpuQuotaStat {
    private final Path procSelfCgroup;
    private final Path cgroupRoot;

    /** Reads {@code procSelfCgroup} for the groups and their files under {@code cgroupRoot}. */
    public CpuQuotaStat(Path procSelfCgroup, Path cgroupRoot) {
        this.procSelfCgroup = procSelfCgroup;
        this.cgroupRoot = cgroupRoot;
    }

    public static CpuQuotaStat ofThisProcess() {
        return new CpuQuotaStat(Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup"));
    }

    /**
     * The group's periods (the quota's 100 ms windows in which it ran), those throttled, and the time it spent
     * throttled.
     */
    public record Throttling(long periods, long throttledPeriods, long throttledMicros) {
    }

    public Optional<Throttling> read() {
        try {
            List<String> groups = Files.readAllLines(procSelfCgroup);
            Optional<Path> v1 = groups.stream().map(line -> line.split(":", 3)).filter(field -> field.length == 3)
                    .filter(field -> Arrays.asList(field[1].split(",")).contains("cpu")).findFirst()
                    .map(field -> cgroupRoot.resolve("cpu").resolve(relative(field[2])));
            if (v1.isPresent()) {
                return stat(v1.get().resolve("cpu.stat"), "throttled_time", TimeUnit.NANOSECONDS);
            }
            Optional<Path> v2 = groups.stream().filter(line -> line.startsWith("0::"))
                    .findFirst().map(line -> cgroupRoot.resolve(relative(line.substring(3))));
            return v2.isEmpty() ? Optional.empty()
                    : stat(v2.get().resolve("cpu.stat"), "throttled_usec", TimeUnit.MICROSECONDS);
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static String relative(String groupPath) {
        return groupPath.startsWith("/") ? groupPath.substring(1) : groupPath;
    }

    private static Optional<Throttling> stat(Path file, String throttledTime, TimeUnit unit) throws IOException {
        if (!Files.isReadable(file)) {
            return Optional.empty();
        }
        long periods = -1;
        long throttled = -1;
        long time = -1;
        for (String line : Files.readAllLines(file)) {
            String[] field = line.split(" ");
            if (field.length != 2) {
                continue;
            }
            switch (field[0]) {
                case "nr_periods" -> periods = Long.parseLong(field[1]);
                case "nr_throttled" -> throttled = Long.parseLong(field[1]);
                default -> {
                    if (field[0].equals(throttledTime)) {
                        time = unit.toMicros(Long.parseLong(field[1]));
                    }
                }
            }
        }
        return periods < 0 || throttled < 0 || time < 0 ? Optional.empty()
                : Optional.of(new Throttling(periods, throttled, time));
    }
}

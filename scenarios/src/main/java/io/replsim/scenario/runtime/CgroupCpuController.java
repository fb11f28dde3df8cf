package io.replsim.scenario.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where the cgroup CPU controller is mounted and which interface it speaks: v1 (a hierarchy of its own,
 * {@code cpu.cfs_quota_us} and {@code cpu.cfs_period_us}) or v2 (the unified hierarchy, {@code cpu.max}).
 */
public record CgroupCpuController(Path mount, Version version) {

    /** The CFS period every quota is written for: the kernel's default. */
    static final long PERIOD_MICROS = 100_000;
    /** The smallest quota the kernel takes. */
    static final long MIN_QUOTA_MICROS = 1_000;

    public enum Version { V1, V2 }

    /**
     * The CPU controller of this host from {@code mountinfo} (normally {@code /proc/self/mountinfo}): a v1 mount
     * with the {@code cpu} option first (a host that has one cannot give {@code cpu} to v2 as well), else a cgroup2
     * mount whose {@code cgroup.controllers} lists {@code cpu}.
     */
    public static CgroupCpuController find(Path mountinfo) throws CgroupUnavailableException {
        List<String> lines;
        try {
            lines = Files.readAllLines(mountinfo);
        } catch (IOException e) {
            throw new CgroupUnavailableException("cannot read " + mountinfo + " to find the cgroup CPU controller: "
                    + e.getMessage());
        }
        Optional<Path> v2 = Optional.empty();
        for (String line : lines) {
            int separator = line.indexOf(" - ");
            if (separator < 0) {
                continue;
            }
            String[] before = line.substring(0, separator).split(" ");
            String[] after = line.substring(separator + 3).split(" ");
            if (before.length < 5 || after.length < 3) {
                continue;
            }
            Path mountPoint = Path.of(unescape(before[4]));
            if (after[0].equals("cgroup") && Arrays.asList(after[2].split(",")).contains("cpu")) {
                return new CgroupCpuController(mountPoint, Version.V1);
            }
            if (after[0].equals("cgroup2") && v2.isEmpty() && listsCpu(mountPoint.resolve("cgroup.controllers"))) {
                v2 = Optional.of(mountPoint);
            }
        }
        return v2.map(mount -> new CgroupCpuController(mount, Version.V2)).orElseThrow(() ->
                new CgroupUnavailableException("no cgroup CPU controller on this host (" + mountinfo
                        + " has no cgroup v1 mount with the cpu option and no cgroup2 mount offering cpu)"));
    }

    private static boolean listsCpu(Path controllers) {
        try {
            return Arrays.asList(Files.readString(controllers).strip().split(" ")).contains("cpu");
        } catch (IOException e) {
            return false;
        }
    }

    /** mountinfo writes spaces and a few other characters as octal escapes. */
    private static String unescape(String field) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && i + 3 < field.length()) {
                out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Lets the children of {@code group} have the CPU controller (v2 only; v1 groups always have it). */
    void delegateCpu(Path group) throws IOException {
        if (version == Version.V2) {
            Files.writeString(group.resolve("cgroup.subtree_control"), "+cpu");
        }
    }

    /** Holds {@code group} to {@code cores} per period. */
    void limit(Path group, double cores) throws IOException {
        long quota = Math.max(MIN_QUOTA_MICROS, Math.round(cores * PERIOD_MICROS));
        switch (version) {
            case V1 -> {
                Files.writeString(group.resolve("cpu.cfs_period_us"), Long.toString(PERIOD_MICROS));
                Files.writeString(group.resolve("cpu.cfs_quota_us"), Long.toString(quota));
            }
            case V2 -> Files.writeString(group.resolve("cpu.max"), quota + " " + PERIOD_MICROS);
        }
    }

    /** Takes {@code group}'s quota away: its processes may use every core. */
    void unlimit(Path group) throws IOException {
        switch (version) {
            case V1 -> Files.writeString(group.resolve("cpu.cfs_quota_us"), "-1");
            case V2 -> Files.writeString(group.resolve("cpu.max"), "max " + PERIOD_MICROS);
        }
    }

    /** The kernel's count of periods in which {@code group} was stopped for having used its quota. */
    long throttledPeriods(Path group) throws IOException {
        for (String line : Files.readAllLines(group.resolve("cpu.stat"))) {
            String[] field = line.split(" ");
            if (field.length == 2 && field[0].equals("nr_throttled")) {
                return Long.parseLong(field[1]);
            }
        }
        throw new IOException(group.resolve("cpu.stat") + " has no nr_throttled");
    }

    String describe(double cores) {
        long quota = Math.max(MIN_QUOTA_MICROS, Math.round(cores * PERIOD_MICROS));
        return String.format(Locale.ROOT, "cgroup %s CPU quota %d µs per %d µs period per node",
                version.name().toLowerCase(Locale.ROOT), quota, PERIOD_MICROS);
    }
}

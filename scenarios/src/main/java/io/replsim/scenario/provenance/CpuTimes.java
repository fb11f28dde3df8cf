package io.replsim.scenario.provenance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The machine's CPU time so far, from the first line of Linux's {@code /proc/stat}: all of it, and the part the
 * hypervisor gave to another guest while this one had work to run (steal). Two readings give the share of the CPU
 * taken from this machine between them; a figure measured while a tenant took a tenth of it is not one measured on
 * the whole machine.
 *
 * @param total every state's time, in clock ticks
 * @param steal the steal column (the eighth), in clock ticks
 */
public record CpuTimes(long total, long steal) {

    private static final Path PROC_STAT = Path.of("/proc/stat");

    /** Read now; null where the system keeps no {@code /proc/stat} or it cannot be read. */
    public static CpuTimes read() {
        return read(PROC_STAT);
    }

    static CpuTimes read(Path procStat) {
        try {
            List<String> lines = Files.readAllLines(procStat);
            return lines.isEmpty() ? null : parse(lines.getFirst());
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }

    /** {@code cpu  user nice system idle iowait irq softirq steal guest guest_nice}; null for any other line. */
    static CpuTimes parse(String line) {
        String[] fields = line.trim().split("\\s+");
        if (fields.length < 9 || !fields[0].equals("cpu")) {
            return null;
        }
        long total = 0;
        // guest and guest_nice are already counted in user and nice
        for (int i = 1; i <= 8; i++) {
            total += Long.parseLong(fields[i]);
        }
        return new CpuTimes(total, Long.parseLong(fields[8]));
    }

    /** The share of the CPU time since {@code earlier} that was stolen; null where either is unknown or none passed. */
    public static Double stealShare(CpuTimes earlier, CpuTimes later) {
        if (earlier == null || later == null || later.total <= earlier.total) {
            return null;
        }
        return (later.steal - earlier.steal) / (double) (later.total - earlier.total);
    }
}

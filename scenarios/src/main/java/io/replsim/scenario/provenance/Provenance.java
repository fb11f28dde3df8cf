package io.replsim.scenario.provenance;

import java.util.List;
import java.util.Locale;

/**
 * Where a figure comes from, so that it can be traced and run again: the replsim that made it (its commit and
 * whether the tree was dirty), the JDK of the driver and of the nodes, the runtime the nodes ran on, the machine
 * (cores, memory) and how busy it was (the load average over a minute, read when the run began and again when it
 * ended), and the SHA-256 of each scenario file as it was played. summary.json, report.html, a capacity search's
 * summary.json and compare.json each carry it; the console prints it on one line ({@link #line()}).
 *
 * @param loadAverageBefore the load average read before the runtime started its nodes; null where the system does
 *                          not tell it
 * @param loadAverageAfter  read again once the load (or the search, or the comparison) had ended
 * @param cpuProbeBefore    how long one thread took for {@link ReferenceWork} before the runtime started its nodes:
 *                          the machine's speed as the figure began; null where not measured (a file from before
 *                          replsim took it)
 * @param cpuProbeAfter     the same, once the load had ended
 * @param stealShare        the share of the machine's CPU time between the two that the hypervisor gave to another
 *                          guest; null where the system does not tell it
 */
public record Provenance(ReplsimBuild replsim, Jdk driverJdk, String runtime, Jdk nodesJdk, int cores,
                         long memoryBytes, Double loadAverageBefore, Double loadAverageAfter,
                         CpuProbe cpuProbeBefore, CpuProbe cpuProbeAfter, Double stealShare,
                         List<ScenarioHash> scenarios) {

    public Provenance {
        scenarios = List.copyOf(scenarios);
    }

    /**
     * {@code replsim c1ad241 (dirty), JDK 25.0.3+9-LTS (Eclipse Adoptium), nodes process on the same JDK, 2 cores,
     * 7.6 GB, load 3.10 -> 4.20, probe 3.41 -> 3.52 ms, steal 0.2%, scenario sha-256 1a2b3c4d5e6f}.
     */
    public String line() {
        String nodes = nodesJdk.equals(driverJdk) ? "the same JDK" : "JDK " + nodesJdk.describe();
        return String.format(Locale.ROOT,
                "replsim %s, JDK %s, nodes %s on %s, %d cores, %s, load %s -> %s, %s, steal %s, %s",
                replsim.describe(), driverJdk.describe(), runtime, nodes, cores, memory(), load(loadAverageBefore),
                load(loadAverageAfter), probes(), steal(stealShare), hashes());
    }

    /** {@code probe 3.41 -> 3.52 ms}: {@link ReferenceWork}'s wall time before and after. */
    public String probes() {
        return "probe " + (cpuProbeBefore == null ? "unknown" : String.format(Locale.ROOT, "%.2f",
                cpuProbeBefore.wallMillis())) + " -> " + CpuProbe.describe(cpuProbeAfter);
    }

    /** A share of the CPU stolen, {@code 0.2%}, or {@code unknown}. */
    public static String steal(Double share) {
        return share == null ? "unknown" : String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    /** {@code 7.6 GB}, or {@code memory unknown}. */
    public String memory() {
        return memoryBytes < 0 ? "memory unknown"
                : String.format(Locale.ROOT, "%.1f GB", memoryBytes / (double) (1L << 30));
    }

    /** A load average with two decimals, or {@code unknown}. */
    public static String load(Double load) {
        return load == null ? "unknown" : String.format(Locale.ROOT, "%.2f", load);
    }

    /** Each scenario's hash cut to 12 digits: enough to tell two files apart by eye; the JSON has them whole. */
    private String hashes() {
        return (scenarios.size() == 1 ? "scenario" : "scenarios") + " sha-256 " + String.join(" ",
                scenarios.stream().map(hash -> hash.sha256().substring(0, 12)).toList());
    }
}

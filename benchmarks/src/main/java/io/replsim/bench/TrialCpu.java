package io.replsim.bench;

import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * This JVM's CPU time and wall time per operation over a trial's measurement iterations (warm-up left out): every
 * thread of the process, so both members, their JGroups or stream threads and the requester. Printed at the end of
 * the trial and appended to a CSV file, with the load average at the trial's start and end (the machine is shared;
 * ratios are only taken between trials of one run).
 */
final class TrialCpu {
    private final double loadAtStart = loadAverage();
    private boolean measuring;
    private long iterationOperations;
    private long iterationCpuStart;
    private long iterationWallStart;
    private long operations;
    private long cpuNanos;
    private long wallNanos;

    void startIteration(IterationParams iteration) {
        measuring = iteration.getType() == IterationType.MEASUREMENT;
        iterationOperations = 0;
        iterationCpuStart = processCpuNanos();
        iterationWallStart = System.nanoTime();
    }

    /** Called once per operation, on the benchmark thread. */
    void operation() {
        iterationOperations++;
    }

    void endIteration() {
        if (measuring) {
            cpuNanos += processCpuNanos() - iterationCpuStart;
            wallNanos += System.nanoTime() - iterationWallStart;
            operations += iterationOperations;
        }
    }

    /** Prints the trial's figures and appends {@code label,bytes,wall µs,CPU µs,load start,load end} to {@code csv}. */
    void report(Path csv, String label, int bytes) {
        if (operations == 0) {
            return;
        }
        double cpuMicros = cpuNanos / 1_000.0 / operations;
        double wallMicros = wallNanos / 1_000.0 / operations;
        double load = loadAverage();
        System.out.printf(Locale.ROOT, "%n%s, %d B: %.1f µs per operation, CPU %.1f µs per operation (%d operations; "
                + "load average %.1f -> %.1f)%n", label, bytes, wallMicros, cpuMicros, operations, loadAtStart, load);
        try {
            Files.createDirectories(csv.toAbsolutePath().getParent());
            if (Files.notExists(csv)) {
                Files.writeString(csv, "epochMillis,variant,bytes,wallMicrosPerOp,cpuMicrosPerOp,loadStart,loadEnd\n");
            }
            Files.writeString(csv, String.format(Locale.ROOT, "%d,%s,%d,%.1f,%.1f,%.1f,%.1f%n",
                    System.currentTimeMillis(), label, bytes, wallMicros, cpuMicros, loadAtStart, load),
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}

package io.replsim.bench.driver;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;

/** How busy a process kept the machine's cores over one measured stretch: CPU time used over wall time × cores. */
final class CpuShare {

    private final Supplier<Duration> cpuTime;
    private final Duration cpuAtStart;
    private final long startNanos = System.nanoTime();

    private CpuShare(Supplier<Duration> cpuTime) {
        this.cpuTime = cpuTime;
        this.cpuAtStart = cpuTime.get();
    }

    static CpuShare ofThisProcess() {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return new CpuShare(() -> Duration.ofNanos(os.getProcessCpuTime()));
    }

    /**
     * The time this JVM's JIT spent compiling: part of {@link #ofThisProcess()}, which a tool's turn pays while its
     * code is still being compiled, or compiled again after a run's start took branches the last one did not.
     */
    static CpuShare ofCompiler() {
        var compiler = ManagementFactory.getCompilationMXBean();
        return new CpuShare(() -> Duration.ofMillis(compiler.getTotalCompilationTime()));
    }

    static CpuShare of(EndpointProcess endpoint) {
        return new CpuShare(endpoint::cpuTime);
    }

    /** The endpoints' processes together. */
    static CpuShare of(java.util.List<EndpointProcess> endpoints) {
        return new CpuShare(() -> endpoints.stream().map(EndpointProcess::cpuTime).reduce(Duration.ZERO,
                Duration::plus));
    }

    /** The CPU time used since this was made. */
    Duration used() {
        return cpuTime.get().minus(cpuAtStart);
    }

    /** The share of all cores used since this was made, e.g. "63% of 2 cores". */
    String sinceStart() {
        double cpu = used().toNanos();
        double wall = System.nanoTime() - startNanos;
        int cores = Runtime.getRuntime().availableProcessors();
        return String.format(Locale.ROOT, "%.0f%% of %d cores", 100 * cpu / (wall * cores), cores);
    }
}

package io.replsim.node.stats;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Process CPU from CPU-time deltas over fixed windows. Not {@code getProcessCpuLoad()}: that reads 0 on its first
 * call and is relative to the whole host outside a container, so it cannot be compared with a budget.
 */
public final class CpuSampler implements AutoCloseable {
    public static final Duration WINDOW = Duration.ofSeconds(1);

    private final double budgetCores;
    private final LongSupplier processCpuNanos;
    private final LongSupplier wallNanos;
    private final ScheduledExecutorService timer;
    private long windowStartCpu;
    private long windowStartWall;
    private volatile CpuWindow lastWindow;

    CpuSampler(double budgetCores, LongSupplier processCpuNanos, LongSupplier wallNanos,
               ScheduledExecutorService timer) {
        this.budgetCores = budgetCores;
        this.processCpuNanos = processCpuNanos;
        this.wallNanos = wallNanos;
        this.timer = timer;
        this.windowStartCpu = processCpuNanos.getAsLong();
        this.windowStartWall = wallNanos.getAsLong();
    }

    /** Samples this JVM every {@link #WINDOW} on a daemon thread. */
    public static CpuSampler start(double budgetCores) {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
            var thread = new Thread(task, "cpu-sampler");
            thread.setDaemon(true);
            return thread;
        });
        var sampler = new CpuSampler(budgetCores, os::getProcessCpuTime, System::nanoTime, timer);
        timer.scheduleAtFixedRate(sampler::closeWindow, WINDOW.toMillis(), WINDOW.toMillis(), TimeUnit.MILLISECONDS);
        return sampler;
    }

    synchronized void closeWindow() {
        lastWindow = since(windowStartCpu, windowStartWall);
        windowStartCpu = processCpuNanos.getAsLong();
        windowStartWall = wallNanos.getAsLong();
    }

    /** The last complete window; before the first one ends, the time since start. */
    public CpuWindow current() {
        CpuWindow window = lastWindow;
        if (window != null) {
            return window;
        }
        synchronized (this) {
            return since(windowStartCpu, windowStartWall);
        }
    }

    private CpuWindow since(long startCpu, long startWall) {
        long cpu = processCpuNanos.getAsLong();
        long wall = Math.max(1, wallNanos.getAsLong() - startWall);
        double used = (double) (cpu - startCpu) / wall;
        return new CpuWindow(budgetCores, used, TimeUnit.NANOSECONDS.toMillis(wall), TimeUnit.NANOSECONDS.toMillis(cpu));
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}

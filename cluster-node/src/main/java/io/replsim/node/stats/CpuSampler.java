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
    private Rate lastWindow;

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
        long cpu = processCpuNanos.getAsLong();
        long wall = wallNanos.getAsLong();
        lastWindow = new Rate((double) (cpu - windowStartCpu) / Math.max(1, wall - windowStartWall),
                TimeUnit.NANOSECONDS.toMillis(wall - windowStartWall));
        windowStartCpu = cpu;
        windowStartWall = wall;
    }

    /**
     * The last complete window's rate (before the first one ends, the rate since start), with both clocks read now,
     * together: a consumer that divides one reading's CPU delta by its clock delta must get both of one instant,
     * not the CPU of the last tick (up to a window old) beside the time of the request.
     */
    public synchronized CpuWindow current() {
        long cpu = processCpuNanos.getAsLong();
        long wall = wallNanos.getAsLong();
        Rate rate = lastWindow != null ? lastWindow
                : new Rate((double) (cpu - windowStartCpu) / Math.max(1, wall - windowStartWall),
                        TimeUnit.NANOSECONDS.toMillis(wall - windowStartWall));
        return new CpuWindow(budgetCores, rate.usedCores(), rate.windowMs(), TimeUnit.NANOSECONDS.toMillis(cpu),
                TimeUnit.NANOSECONDS.toMillis(wall));
    }

    private record Rate(double usedCores, long windowMs) {
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}

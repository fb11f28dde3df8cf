package io.replsim.loadgen.validity;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.OperatingSystemMXBean;

import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Measures the driver JVM's own CPU time and GC pauses between two marks, because a driver that is short of CPU
 * or stalled by its collector sends late and measures late: its figures describe itself, not the server
 * (glassfish-and-load-testing §2). CPU comes from process CPU time, not {@code getProcessCpuLoad}, which reads
 * 0 on its first call; pauses from GC notifications, whose concurrent cycles (ZGC "Cycles", G1 "Concurrent") do
 * not stop the driver and are left out.
 */
public final class DriverCostMonitor implements AutoCloseable {

    private record Pause(long endNanos, long millis) {
    }

    private final OperatingSystemMXBean os = ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);
    private final List<Pause> pauses = new ArrayList<>();
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener listener = this::onGc;
    private long fromNanos;
    private long fromCpuNanos = -1;
    private long toNanos;
    private long toCpuNanos = -1;

    public DriverCostMonitor() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(listener, null, null);
                emitters.add(emitter);
            }
        }
    }

    private void onGc(Notification notification, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            return;
        }
        var info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        String name = info.getGcName();
        if (name.contains("Cycles") || name.contains("Concurrent")) {
            return;
        }
        synchronized (pauses) {
            pauses.add(new Pause(System.nanoTime(), info.getGcInfo().getDuration()));
        }
    }

    public synchronized void markFrom() {
        fromNanos = System.nanoTime();
        fromCpuNanos = os.getProcessCpuTime();
    }

    public synchronized void markTo() {
        toNanos = System.nanoTime();
        toCpuNanos = os.getProcessCpuTime();
    }

    /** The cost between the marks; {@link DriverCost#UNMEASURED} when either mark is missing. */
    public synchronized DriverCost cost() {
        if (fromCpuNanos < 0 || toCpuNanos < 0 || toNanos <= fromNanos) {
            return DriverCost.UNMEASURED;
        }
        long total = 0;
        long max = 0;
        long count = 0;
        synchronized (pauses) {
            for (Pause pause : pauses) {
                if (pause.endNanos() - fromNanos >= 0 && pause.endNanos() - toNanos <= 0) {
                    total += pause.millis();
                    max = Math.max(max, pause.millis());
                    count++;
                }
            }
        }
        double cores = (toCpuNanos - fromCpuNanos) / (double) (toNanos - fromNanos);
        return new DriverCost(cores, Runtime.getRuntime().availableProcessors(), Duration.ofMillis(total),
                Duration.ofMillis(max), count);
    }

    @Override
    public void close() {
        for (NotificationEmitter emitter : emitters) {
            try {
                emitter.removeNotificationListener(listener);
            } catch (ListenerNotFoundException alreadyGone) {
                // nothing to remove
            }
        }
    }
}

package io.replsim.node;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;

/**
 * Where a node process's start went: from its JVM's start (as the JVM counts it) to {@code main},
 * from {@code main} until the node was in its cluster with its listeners open, and the CPU its JVM used for all of
 * it. The runner's "cluster up" is this for the slowest member plus the wait for the view; the line says which
 * part grew.
 */
record StartTimes(Instant jvmStartedAt, Instant mainStartedAt, Instant readyAt, Duration cpu) {
    private static final Logger log = LoggerFactory.getLogger(StartTimes.class);

    /**
     * This process's, {@code mainStartedAt} being when its {@code main} began. The JVM's start is its own record,
     * not the OS's: Linux dates a process from the boot time in whole seconds, which put {@code main} 0.5-1.1 s after
     * a JVM that had reached it in about 0.1 s.
     */
    static StartTimes now(Instant mainStartedAt) {
        return new StartTimes(Instant.ofEpochMilli(ManagementFactory.getRuntimeMXBean().getStartTime()), mainStartedAt,
                Instant.now(), ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO));
    }

    void log() {
        log.info("started: main {} ms after the JVM, then in the cluster with its listeners open {} ms later;"
                        + " {} ms of CPU", Duration.between(jvmStartedAt, mainStartedAt).toMillis(),
                Duration.between(mainStartedAt, readyAt).toMillis(), cpu.toMillis());
    }
}

package io.replsim.node;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;

/**
 * Where a node process's start went: from its JVM's start (as the OS counts it, in clock ticks) to {@code main},
 * from {@code main} until the node was in its cluster with its listeners open, and the CPU its JVM used for all of
 * it. The runner's "cluster up" is this for the slowest member plus the wait for the view; the line says which
 * part grew.
 */
record StartTimes(Instant jvmStartedAt, Instant mainStartedAt, Instant readyAt, Duration cpu) {
    private static final Logger log = LoggerFactory.getLogger(StartTimes.class);

    /** This process's, {@code mainStartedAt} being when its {@code main} began; the JVM's start if the OS says. */
    static StartTimes now(Instant mainStartedAt) {
        ProcessHandle.Info info = ProcessHandle.current().info();
        return new StartTimes(info.startInstant().orElse(mainStartedAt), mainStartedAt, Instant.now(),
                info.totalCpuDuration().orElse(Duration.ZERO));
    }

    void log() {
        log.info("started: main {} ms after the JVM, then in the cluster with its listeners open {} ms later;"
                        + " {} ms of CPU", Duration.between(jvmStartedAt, mainStartedAt).toMillis(),
                Duration.between(mainStartedAt, readyAt).toMillis(), cpu.toMillis());
    }
}

package io.replsim.replication.transport;

import io.replsim.settings.Labelled;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * Named stack settings. {@link #TUNED} is replsim's own: timeouts measured on this machine to notice a hung member
 * without false suspicions under RPC load (shared/reference/platform.md), and a killed process's closed port taken as
 * proof of its death at once; the others are what real servers ship, each value's source in docs/replication.md,
 * "Failure detection and transport".
 */
public enum StackPreset implements Labelled {
    TUNED(new StackTuning(TransportKind.TCP_NIO2,
            new StackTuning.FailureDetection(Duration.ofSeconds(2), Duration.ofMillis(500), Duration.ofMillis(500),
                    true, true),
            new StackTuning.MergeIntervals(Duration.ofSeconds(1), Duration.ofSeconds(3)),
            // One queue for every destination: the per-destination bundler keeps a buffer per departed address.
            new StackTuning.Bundling(BundlerKind.TRANSFER_QUEUE, JGroupsDefaults.BUNDLER_MAX_SIZE_BYTES),
            JGroupsDefaults.THREAD_POOL)),
    /**
     * WildFly 41.0.0.Final's {@code tcp} stack on JGroups 5.5.6: FD_SOCK2, FD_ALL3 and VERIFY_SUSPECT2 as its
     * subsystem lists them, with the values of its {@code jgroups-defaults.xml} and, where that file sets none,
     * JGroups' own.
     */
    WILDFLY(new StackTuning(TransportKind.TCP,
            new StackTuning.FailureDetection(Duration.ofSeconds(40), Duration.ofSeconds(8), Duration.ofSeconds(1),
                    true, false),
            new StackTuning.MergeIntervals(Duration.ofSeconds(10), Duration.ofSeconds(30)),
            new StackTuning.Bundling(BundlerKind.PER_DESTINATION, JGroupsDefaults.BUNDLER_MAX_SIZE_BYTES),
            new StackTuning.ThreadPoolSize(0, 200, Duration.ofMinutes(1)))),
    /**
     * JBoss AS 5's stack as "JBoss AS 5 Performance Tuning" prints it, on its TCP stack (its UDP one needs
     * multicast), with FD (6 s, 5 tries) and MERGE2 expressed as FD_ALL3 and MERGE3; the book shows no thread
     * pools, so those are JGroups' defaults.
     */
    JBOSS5(new StackTuning(TransportKind.TCP,
            new StackTuning.FailureDetection(Duration.ofSeconds(30), Duration.ofSeconds(6), Duration.ofMillis(1500),
                    true, false),
            new StackTuning.MergeIntervals(Duration.ofSeconds(20), Duration.ofSeconds(100)),
            new StackTuning.Bundling(BundlerKind.NO_BUNDLER, 64_000),
            JGroupsDefaults.THREAD_POOL));

    private final StackTuning tuning;

    StackPreset(StackTuning tuning) {
        this.tuning = tuning;
    }

    public StackTuning tuning() {
        return tuning;
    }

    /** The preset whose settings {@code tuning} are, if it is one (a scenario may name it or change its values). */
    public static Optional<StackPreset> matching(StackTuning tuning) {
        return Arrays.stream(values()).filter(preset -> preset.tuning.equals(tuning)).findFirst();
    }

    /** JGroups 5.5's own values, for settings a preset's source leaves unset. */
    private static final class JGroupsDefaults {
        /** {@code BaseBundler.max_size}. */
        static final int BUNDLER_MAX_SIZE_BYTES = 64_000;
        /** {@code ThreadPool}: min_threads 0, max_threads 200, keep_alive_time 30 s. */
        static final StackTuning.ThreadPoolSize THREAD_POOL = new StackTuning.ThreadPoolSize(0, 200,
                Duration.ofSeconds(30));

        private JGroupsDefaults() {
        }
    }
}

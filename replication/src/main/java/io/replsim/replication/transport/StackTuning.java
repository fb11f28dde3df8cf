package io.replsim.replication.transport;

import java.time.Duration;
import java.util.Objects;

/**
 * The settings of a member's JGroups stack that a team tunes: the transport (TCP, TCP_NIO2 or UDP), failure
 * detection (FD_SOCK2, FD_ALL3, VERIFY_SUSPECT2 and whether a closed port confirms a suspicion), MERGE3's intervals,
 * the bundler and the transport's thread pool. Everything else in {@link TcpStackSpec} and {@link UdpStackSpec} is
 * fixed. {@link StackPreset} names the sets real servers ship;
 * where each value comes from is in docs/replication.md, "Failure detection and transport".
 */
public record StackTuning(TransportKind transport, FailureDetection failureDetection, MergeIntervals merge,
                          Bundling bundler, ThreadPoolSize threadPool) {

    public StackTuning {
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(failureDetection, "failureDetection");
        Objects.requireNonNull(merge, "merge");
        Objects.requireNonNull(bundler, "bundler");
        Objects.requireNonNull(threadPool, "threadPool");
    }

    /**
     * @param heartbeatTimeout      FD_ALL3 {@code timeout}: a member silent this long is suspected
     * @param heartbeatInterval     FD_ALL3 {@code interval}: how often each member sends its heartbeat; below the
     *                              timeout, or every member is suspected between two heartbeats
     * @param verifySuspectTimeout  VERIFY_SUSPECT2 {@code timeout}: how long a suspect has to answer before the
     *                              coordinator drops it (the suspicion is passed up between one and two of these)
     * @param socketMonitor         FD_SOCK2 on: a member whose process dies is suspected as soon as its neighbour's
     *                              connection to it closes, without waiting for the heartbeat timeout
     * @param closedPortConfirms    a suspect whose port refuses a connection (its process is gone) is dead at once,
     *                              without waiting for VERIFY_SUSPECT2's timeout (TCP transports; see
     *                              {@link io.replsim.replication.transport.detection.ClosedPortVerifySuspect2})
     */
    public record FailureDetection(Duration heartbeatTimeout, Duration heartbeatInterval,
                                   Duration verifySuspectTimeout, boolean socketMonitor, boolean closedPortConfirms) {
        public FailureDetection {
            requirePositive(heartbeatTimeout, "heartbeatTimeout");
            requirePositive(heartbeatInterval, "heartbeatInterval");
            requirePositive(verifySuspectTimeout, "verifySuspectTimeout");
            if (heartbeatInterval.compareTo(heartbeatTimeout) >= 0) {
                throw new IllegalArgumentException("heartbeatInterval must be shorter than heartbeatTimeout, got "
                        + heartbeatInterval + " and " + heartbeatTimeout);
            }
        }

        /** FD_ALL3 and VERIFY_SUSPECT2 with FD_SOCK2 on or off as given. */
        public FailureDetection withSocketMonitor(boolean on) {
            return new FailureDetection(heartbeatTimeout, heartbeatInterval, verifySuspectTimeout, on,
                    closedPortConfirms);
        }

        /** The same detection, a suspect's closed port confirming its death or not as given. */
        public FailureDetection withClosedPortConfirms(boolean on) {
            return new FailureDetection(heartbeatTimeout, heartbeatInterval, verifySuspectTimeout, socketMonitor, on);
        }
    }

    /** MERGE3 {@code min_interval} and {@code max_interval}: how often members look for other partitions. */
    public record MergeIntervals(Duration min, Duration max) {
        public MergeIntervals {
            requirePositive(min, "min");
            requirePositive(max, "max");
            if (min.compareTo(max) >= 0) {
                throw new IllegalArgumentException("the merge's min interval must be shorter than its max, got " + min
                        + " and " + max);
            }
        }
    }

    /**
     * The transport's bundler and the most bytes it queues before it sends ({@code max_size}). JGroups refuses to
     * start a stack whose bundle cannot hold one of FRAG4's fragments (60000 bytes here), hence the least size.
     */
    public record Bundling(BundlerKind kind, int maxSizeBytes) {
        public static final int MIN_SIZE_BYTES = 60 * 1024;
        public static final int MAX_SIZE_BYTES = 4 * 1024 * 1024;

        public Bundling {
            Objects.requireNonNull(kind, "kind");
            if (maxSizeBytes < MIN_SIZE_BYTES || maxSizeBytes > MAX_SIZE_BYTES) {
                throw new IllegalArgumentException("maxSizeBytes must be " + MIN_SIZE_BYTES + "-" + MAX_SIZE_BYTES
                        + ", got " + maxSizeBytes);
            }
        }
    }

    /** The transport's thread pool, which delivers incoming messages: {@code thread_pool.*}. */
    public record ThreadPoolSize(int minThreads, int maxThreads, Duration keepAlive) {
        public ThreadPoolSize {
            if (minThreads < 0 || maxThreads < 1 || minThreads > maxThreads) {
                throw new IllegalArgumentException("a thread pool has 0 or more min threads, at least 1 max thread and"
                        + " min at most max, got " + minThreads + " and " + maxThreads);
            }
            requirePositive(keepAlive, "keepAlive");
        }
    }

    public StackTuning withTransport(TransportKind kind) {
        return new StackTuning(kind, failureDetection, merge, bundler, threadPool);
    }

    public StackTuning withFailureDetection(FailureDetection detection) {
        return new StackTuning(transport, detection, merge, bundler, threadPool);
    }

    public StackTuning withMerge(MergeIntervals intervals) {
        return new StackTuning(transport, failureDetection, intervals, bundler, threadPool);
    }

    public StackTuning withBundler(Bundling bundling) {
        return new StackTuning(transport, failureDetection, merge, bundling, threadPool);
    }

    public StackTuning withThreadPool(ThreadPoolSize pool) {
        return new StackTuning(transport, failureDetection, merge, bundler, pool);
    }

    private static void requirePositive(Duration value, String what) {
        Objects.requireNonNull(value, what);
        if (!value.isPositive()) {
            throw new IllegalArgumentException(what + " must be positive, got " + value);
        }
    }
}

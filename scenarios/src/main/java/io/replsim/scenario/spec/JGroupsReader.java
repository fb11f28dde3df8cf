package io.replsim.scenario.spec;

import io.replsim.node.options.DataSize;
import io.replsim.node.options.DurationText;
import io.replsim.replication.transport.BundlerKind;
import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.StackTuning;
import io.replsim.replication.transport.TransportKind;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Reads the {@code jgroups} section: a preset ({@code tuned}, replsim's own and the default; {@code wildfly};
 * {@code jboss5}) and any of its values overridden, each by the JGroups protocol it sets. A pair that cannot work
 * together (a heartbeat interval not below its timeout, a merge's min not below its max, a pool's min above its max)
 * is reported at the field the file wrote, or at the second of the pair when both were written.
 */
final class JGroupsReader {

    static final List<String> FIELDS = List.of("preset", "transport", "fdAll3", "verifySuspect2", "fdSock2", "merge3",
            "bundler", "threadPool");
    static final List<String> FD_ALL3_FIELDS = List.of("timeout", "interval");
    static final List<String> VERIFY_SUSPECT2_FIELDS = List.of("timeout");
    static final List<String> MERGE3_FIELDS = List.of("minInterval", "maxInterval");
    static final List<String> BUNDLER_FIELDS = List.of("type", "maxSize");
    static final List<String> THREAD_POOL_FIELDS = List.of("minThreads", "maxThreads", "keepAlive");

    /** Longer, and a drill would wait for a dead member past any load a scenario runs. */
    private static final Duration LONGEST = Duration.ofMinutes(10);
    /** JGroups takes its times in whole milliseconds. */
    private static final String DURATION_EXPECTED = "a whole number of milliseconds from 1ms to 10m, such as 2s"
            + " (JGroups takes whole milliseconds)";
    private static final long MAX_THREADS = 10_000;
    private static final String UDP_REFUSED = "tcp or tcp-nio2: udp is not offered (the node finds its members by"
            + " TCPPING over TCP and has no UDP transport yet; see docs/replication.md, \"Failure detection and"
            + " transport\")";

    private JGroupsReader() {
    }

    /** The stack tuning, or the default when the section is absent; problems reported on the way. */
    static StackTuning read(MapReader jgroups) {
        StackPreset preset = jgroups.choice("preset", StackPreset::parse, "a preset").orElse(StackPreset.TUNED);
        StackTuning base = preset.tuning();
        TransportKind transport = jgroups.text("transport", UDP_REFUSED)
                .must(text -> !text.trim().equalsIgnoreCase("udp"), UDP_REFUSED)
                .optional()
                .flatMap(text -> jgroups.choice("transport", TransportKind::parse, "a transport").optional())
                .orElse(base.transport());
        StackTuning.FailureDetection detection = failureDetection(jgroups, base.failureDetection());
        StackTuning.MergeIntervals merge = merge(jgroups.optionalSection("merge3", MERGE3_FIELDS), base.merge());
        StackTuning.Bundling bundler = bundler(jgroups.optionalSection("bundler", BUNDLER_FIELDS), base.bundler());
        StackTuning.ThreadPoolSize pool = threadPool(jgroups.optionalSection("threadPool", THREAD_POOL_FIELDS),
                base.threadPool());
        return new StackTuning(transport, detection, merge, bundler, pool);
    }

    private static StackTuning.FailureDetection failureDetection(MapReader jgroups,
                                                                 StackTuning.FailureDetection base) {
        MapReader fdAll = jgroups.optionalSection("fdAll3", FD_ALL3_FIELDS);
        Optional<Duration> timeout = duration(fdAll, "timeout");
        Optional<Duration> interval = duration(fdAll, "interval");
        Duration heartbeatTimeout = timeout.orElse(base.heartbeatTimeout());
        Duration heartbeatInterval = interval.orElse(base.heartbeatInterval());
        if (heartbeatInterval.compareTo(heartbeatTimeout) >= 0) {
            String rule = "an interval shorter than the heartbeat timeout, or every member is suspected between two"
                    + " heartbeats: fdAll3.interval " + text(heartbeatInterval) + " is not below fdAll3.timeout "
                    + text(heartbeatTimeout);
            fdAll.problemWith(interval.isPresent() ? "interval" : "timeout", rule);
            heartbeatInterval = base.heartbeatInterval();
            heartbeatTimeout = base.heartbeatTimeout();
        }
        Duration verify = duration(jgroups.optionalSection("verifySuspect2", VERIFY_SUSPECT2_FIELDS), "timeout")
                .orElse(base.verifySuspectTimeout());
        boolean socket = jgroups.choice("fdSock2", JGroupsReader::onOff, "true or false (FD_SOCK2 on or off)")
                .orElse(base.socketMonitor());
        return new StackTuning.FailureDetection(heartbeatTimeout, heartbeatInterval, verify, socket);
    }

    private static StackTuning.MergeIntervals merge(MapReader merge3, StackTuning.MergeIntervals base) {
        Optional<Duration> min = duration(merge3, "minInterval");
        Optional<Duration> max = duration(merge3, "maxInterval");
        Duration least = min.orElse(base.min());
        Duration most = max.orElse(base.max());
        if (least.compareTo(most) >= 0) {
            merge3.problemWith(max.isPresent() ? "maxInterval" : "minInterval", "a min interval shorter than the max"
                    + " interval: merge3.minInterval " + text(least) + " is not below merge3.maxInterval "
                    + text(most));
            return base;
        }
        return new StackTuning.MergeIntervals(least, most);
    }

    private static StackTuning.Bundling bundler(MapReader bundler, StackTuning.Bundling base) {
        BundlerKind kind = bundler.choice("type", BundlerKind::parse, "a bundler").orElse(base.kind());
        DataSize least = new DataSize(StackTuning.Bundling.MIN_SIZE_BYTES);
        DataSize most = new DataSize(StackTuning.Bundling.MAX_SIZE_BYTES);
        DataSize size = bundler.size("maxSize")
                .must(value -> value.compareTo(least) >= 0 && value.compareTo(most) <= 0,
                        "a size from " + least + " to " + most + ", such as 64000 (JGroups' default; a bundle must hold"
                                + " one of FRAG4's 60000-byte fragments)")
                .orElse(new DataSize(base.maxSizeBytes()));
        return new StackTuning.Bundling(kind, (int) size.bytes());
    }

    private static StackTuning.ThreadPoolSize threadPool(MapReader pool, StackTuning.ThreadPoolSize base) {
        Optional<Long> min = pool.wholeNumber("minThreads", 0, MAX_THREADS).optional();
        Optional<Long> max = pool.wholeNumber("maxThreads", 1, MAX_THREADS).optional();
        Duration keepAlive = duration(pool, "keepAlive").orElse(base.keepAlive());
        int least = min.map(Long::intValue).orElse(base.minThreads());
        int most = max.map(Long::intValue).orElse(base.maxThreads());
        if (least > most) {
            pool.problemWith(max.isPresent() ? "maxThreads" : "minThreads", "a pool whose minThreads (" + least
                    + ") is at most its maxThreads (" + most + ")");
            return base;
        }
        return new StackTuning.ThreadPoolSize(least, most, keepAlive);
    }

    private static Optional<Duration> duration(MapReader section, String key) {
        return section.duration(key)
                .must(value -> value.isPositive() && value.compareTo(LONGEST) <= 0
                        && value.toNanos() % 1_000_000 == 0, DURATION_EXPECTED)
                .optional();
    }

    private static boolean onOff(String text) {
        return switch (text.trim()) {
            case "true", "on" -> true;
            case "false", "off" -> false;
            default -> throw new IllegalArgumentException("expected one of: true, false");
        };
    }

    private static String text(Duration duration) {
        return DurationText.format(duration);
    }
}

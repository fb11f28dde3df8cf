package io.replsim.node.settings;

import io.replsim.replication.transport.BundlerKind;
import io.replsim.replication.transport.StackTuning;
import io.replsim.replication.transport.TransportKind;
import io.replsim.replication.transport.UdpStackSpec;
import io.replsim.settings.DataSize;
import io.replsim.settings.DurationText;
import io.replsim.settings.Grammar;
import io.replsim.settings.Setting;
import io.replsim.settings.SettingsGroup;
import io.replsim.settings.SettingsSource;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * A node's JGroups stack ({@link StackTuning}): a scenario's {@code jgroups} section (each value by the protocol it
 * sets) and the node's stack options. What is not given keeps the defaults' value: a preset's in a scenario file,
 * replsim's own tuning on the command line. A pair that cannot work together (a heartbeat interval not below its
 * timeout, a merge's min not below its max, a pool's min above its max) is refused at the second of the pair when
 * both were given, else at the one that was, and then keeps the defaults' pair. So is a bundle larger than one UDP
 * datagram with the udp transport.
 */
public final class StackSettings {

    /** Longer, and a drill would wait for a dead member past any load a scenario runs. */
    private static final Duration LONGEST = Duration.ofMinutes(10);
    /** JGroups takes its times in whole milliseconds: anything finer would be cut off unseen. */
    private static final String DURATION_EXPECTED = "a whole number of milliseconds from 1ms to 10m, such as 2s"
            + " (JGroups takes whole milliseconds)";
    private static final int MAX_THREADS = 10_000;

    public static final Setting<StackTuning, TransportKind> TRANSPORT = Setting.of("transport", "--jgroups-transport",
            Grammar.choice("a transport", TransportKind.class), StackTuning::transport);
    public static final Setting<StackTuning, Duration> FD_ALL_TIMEOUT = jgroupsTime("fdAll3.timeout",
            "--fd-all-timeout", stack -> stack.failureDetection().heartbeatTimeout());
    public static final Setting<StackTuning, Duration> FD_ALL_INTERVAL = jgroupsTime("fdAll3.interval",
            "--fd-all-interval", stack -> stack.failureDetection().heartbeatInterval());
    public static final Setting<StackTuning, Duration> VERIFY_SUSPECT_TIMEOUT = jgroupsTime("verifySuspect2.timeout",
            "--verify-suspect-timeout", stack -> stack.failureDetection().verifySuspectTimeout());
    public static final Setting<StackTuning, Boolean> FD_SOCK = Setting.of("fdSock2", "--fd-sock",
            new Grammar<>(StackSettings::onOff, String::valueOf,
                    text -> "true or false (FD_SOCK2 on or off), one of: true, false"),
            stack -> stack.failureDetection().socketMonitor());
    public static final Setting<StackTuning, Boolean> CLOSED_PORT_CONFIRMS = Setting.of(
            "verifySuspect2.closedPortConfirms", "--closed-port-confirms", Grammar.bool("true or false (a suspect"
                    + " whose port refuses a connection is dead at once, or only after VERIFY_SUSPECT2's timeout)"),
            stack -> stack.failureDetection().closedPortConfirms());
    public static final Setting<StackTuning, Duration> MERGE_MIN_INTERVAL = jgroupsTime("merge3.minInterval",
            "--merge-min-interval", stack -> stack.merge().min());
    public static final Setting<StackTuning, Duration> MERGE_MAX_INTERVAL = jgroupsTime("merge3.maxInterval",
            "--merge-max-interval", stack -> stack.merge().max());
    public static final Setting<StackTuning, BundlerKind> BUNDLER = Setting.of("bundler.type", "--bundler",
            Grammar.choice("a bundler", BundlerKind.class), stack -> stack.bundler().kind());
    public static final Setting<StackTuning, DataSize> BUNDLER_MAX_SIZE = Setting.of("bundler.maxSize",
                    "--bundler-max-size", Grammar.size(),
                    (StackTuning stack) -> new DataSize(stack.bundler().maxSizeBytes()))
            .must(size -> size.bytes() >= StackTuning.Bundling.MIN_SIZE_BYTES
                            && size.bytes() <= StackTuning.Bundling.MAX_SIZE_BYTES,
                    "a size from " + new DataSize(StackTuning.Bundling.MIN_SIZE_BYTES) + " to "
                            + new DataSize(StackTuning.Bundling.MAX_SIZE_BYTES) + ", such as 64000 (JGroups' default;"
                            + " a bundle must hold one of FRAG4's 60000-byte fragments)");
    public static final Setting<StackTuning, Integer> THREAD_POOL_MIN = Setting.of("threadPool.minThreads",
            "--thread-pool-min", Grammar.wholeNumber(0, MAX_THREADS), stack -> stack.threadPool().minThreads());
    public static final Setting<StackTuning, Integer> THREAD_POOL_MAX = Setting.of("threadPool.maxThreads",
            "--thread-pool-max", Grammar.wholeNumber(1, MAX_THREADS), stack -> stack.threadPool().maxThreads());
    public static final Setting<StackTuning, Duration> THREAD_POOL_KEEP_ALIVE = jgroupsTime("threadPool.keepAlive",
            "--thread-pool-keep-alive", stack -> stack.threadPool().keepAlive());

    public static final SettingsGroup<StackTuning> GROUP = SettingsGroup.of(StackSettings::read,
            TRANSPORT, FD_ALL_TIMEOUT, FD_ALL_INTERVAL, VERIFY_SUSPECT_TIMEOUT, CLOSED_PORT_CONFIRMS, FD_SOCK,
            MERGE_MIN_INTERVAL, MERGE_MAX_INTERVAL, BUNDLER, BUNDLER_MAX_SIZE, THREAD_POOL_MIN, THREAD_POOL_MAX,
            THREAD_POOL_KEEP_ALIVE);

    private StackSettings() {
    }

    private static StackTuning read(SettingsSource in, StackTuning defaults) {
        TransportKind transport = TRANSPORT.readFrom(in, defaults);
        StackTuning.FailureDetection detection = failureDetection(in, defaults);
        StackTuning.MergeIntervals merge = merge(in, defaults);
        return new StackTuning(transport, detection, merge, bundler(in, defaults, transport),
                threadPool(in, defaults));
    }

    private static StackTuning.Bundling bundler(SettingsSource in, StackTuning defaults, TransportKind transport) {
        BundlerKind kind = BUNDLER.readFrom(in, defaults);
        Optional<DataSize> given = in.value(BUNDLER_MAX_SIZE);
        long size = given.map(DataSize::bytes).orElse((long) defaults.bundler().maxSizeBytes());
        if (transport == TransportKind.UDP && size > UdpStackSpec.MAX_BUNDLE_BYTES) {
            in.problem(given.isPresent() ? BUNDLER_MAX_SIZE : TRANSPORT, "a bundle that fits one datagram with "
                    + in.nameOf(TRANSPORT) + " udp: " + in.nameOf(BUNDLER_MAX_SIZE) + " " + new DataSize(size)
                    + " is above " + UdpStackSpec.MAX_BUNDLE_BYTES + " bytes (the most an IPv4 datagram carries, "
                    + UdpStackSpec.MAX_DATAGRAM_BYTES + ", less the frame's seal); give a size from "
                    + new DataSize(StackTuning.Bundling.MIN_SIZE_BYTES) + " to " + UdpStackSpec.MAX_BUNDLE_BYTES
                    + ", or use tcp-nio2");
            return new StackTuning.Bundling(kind, UdpStackSpec.MAX_BUNDLE_BYTES);
        }
        return new StackTuning.Bundling(kind, (int) size);
    }

    private static StackTuning.FailureDetection failureDetection(SettingsSource in, StackTuning defaults) {
        StackTuning.FailureDetection base = defaults.failureDetection();
        Optional<Duration> timeout = in.value(FD_ALL_TIMEOUT);
        Optional<Duration> interval = in.value(FD_ALL_INTERVAL);
        Duration heartbeatTimeout = timeout.orElse(base.heartbeatTimeout());
        Duration heartbeatInterval = interval.orElse(base.heartbeatInterval());
        if (heartbeatInterval.compareTo(heartbeatTimeout) >= 0) {
            in.problem(interval.isPresent() ? FD_ALL_INTERVAL : FD_ALL_TIMEOUT, "an interval shorter than the"
                    + " heartbeat timeout, or every member is suspected between two heartbeats: "
                    + in.nameOf(FD_ALL_INTERVAL) + " " + DurationText.format(heartbeatInterval) + " is not below "
                    + in.nameOf(FD_ALL_TIMEOUT) + " " + DurationText.format(heartbeatTimeout));
            heartbeatInterval = base.heartbeatInterval();
            heartbeatTimeout = base.heartbeatTimeout();
        }
        Duration verify = VERIFY_SUSPECT_TIMEOUT.readFrom(in, defaults);
        boolean socket = FD_SOCK.readFrom(in, defaults);
        return new StackTuning.FailureDetection(heartbeatTimeout, heartbeatInterval, verify, socket,
                CLOSED_PORT_CONFIRMS.readFrom(in, defaults));
    }

    private static StackTuning.MergeIntervals merge(SettingsSource in, StackTuning defaults) {
        Optional<Duration> min = in.value(MERGE_MIN_INTERVAL);
        Optional<Duration> max = in.value(MERGE_MAX_INTERVAL);
        Duration least = min.orElse(defaults.merge().min());
        Duration most = max.orElse(defaults.merge().max());
        if (least.compareTo(most) >= 0) {
            in.problem(max.isPresent() ? MERGE_MAX_INTERVAL : MERGE_MIN_INTERVAL, "a min interval shorter than the"
                    + " max interval: " + in.nameOf(MERGE_MIN_INTERVAL) + " " + DurationText.format(least)
                    + " is not below " + in.nameOf(MERGE_MAX_INTERVAL) + " " + DurationText.format(most));
            return defaults.merge();
        }
        return new StackTuning.MergeIntervals(least, most);
    }

    private static StackTuning.ThreadPoolSize threadPool(SettingsSource in, StackTuning defaults) {
        StackTuning.ThreadPoolSize base = defaults.threadPool();
        Optional<Integer> min = in.value(THREAD_POOL_MIN);
        Optional<Integer> max = in.value(THREAD_POOL_MAX);
        Duration keepAlive = THREAD_POOL_KEEP_ALIVE.readFrom(in, defaults);
        int least = min.orElse(base.minThreads());
        int most = max.orElse(base.maxThreads());
        if (least > most) {
            in.problem(max.isPresent() ? THREAD_POOL_MAX : THREAD_POOL_MIN, "a pool whose minThreads (" + least
                    + ") is at most its maxThreads (" + most + ")");
            return base;
        }
        return new StackTuning.ThreadPoolSize(least, most, keepAlive);
    }

    /** A positive time in whole milliseconds, at most {@link #LONGEST}. */
    private static Setting<StackTuning, Duration> jgroupsTime(String path, String flag,
                                                              Function<StackTuning, Duration> value) {
        return Setting.of(path, flag, Grammar.duration(), value)
                .must(time -> time.isPositive() && time.compareTo(LONGEST) <= 0 && time.toNanos() % 1_000_000 == 0,
                        DURATION_EXPECTED);
    }

    private static Optional<Boolean> onOff(String text) {
        return switch (text.trim()) {
            case "true", "on" -> Optional.of(true);
            case "false", "off" -> Optional.of(false);
            default -> Optional.empty();
        };
    }
}

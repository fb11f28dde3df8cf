package io.replsim.node.options;

import io.replsim.node.app.AttributeShape;
import io.replsim.node.app.ServiceTime;
import io.replsim.node.app.SessionProfile;
import io.replsim.replication.AsyncQueueSettings;
import io.replsim.replication.BuddyPools;
import io.replsim.replication.DeliveryKind;
import io.replsim.replication.GranularityKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.Placement;
import io.replsim.replication.EngineKind;
import io.replsim.replication.OrphanPolicy;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionLifecycle;
import io.replsim.replication.infinispan.InfinispanCacheFactory;
import io.replsim.replication.ReplicationTrigger;
import io.replsim.replication.transport.BundlerKind;
import io.replsim.replication.transport.Discovery;
import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.StackTuning;
import io.replsim.replication.transport.TcpStackSpec;
import io.replsim.replication.transport.TransportKind;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Reads the node command line of docs/interfaces.md §1 ({@code --option value} or {@code --option=value}) into
 * {@link NodeOptions}. Every problem is a {@link BadArgumentException} naming the argument; exiting is the
 * caller's business, so this class is testable.
 */
public final class NodeOptionsParser {
    static final int DEFAULT_WORKERS = 16;
    static final int DEFAULT_PAYLOAD_BYTES = 4096;
    static final int MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;
    private static final Pattern MEMBER = Pattern.compile("([^\\[\\]]+)\\[(\\d{1,5})]");
    private static final Set<String> KNOWN = Set.of("--name", "--cluster", "--bind", "--http-port", "--admin-port",
            "--jgroups-port", "--discovery", "--members", "--workers", "--cpu-budget", "--payload-bytes", "--placement",
            "--granularity", "--delivery", "--sync-timeout", "--parent-pid", "--buddies", "--buddy-pools",
            "--async-bundle-timeout", "--async-max-bundle", "--async-capacity", "--trigger",
            "--max-unreplicated-interval", "--profile-attributes", "--profile-attribute-bytes", "--profile-shape",
            "--profile-modified-share", "--profile-mutate-in-place", "--engine", "--service-cpu", "--service-wait",
            "--jgroups-transport",
            "--fd-all-timeout", "--fd-all-interval", "--verify-suspect-timeout", "--fd-sock", "--merge-min-interval",
            "--merge-max-interval", "--bundler", "--bundler-max-size", "--thread-pool-min", "--thread-pool-max",
            "--thread-pool-keep-alive", "--max-inactive-interval", "--max-active-sessions", "--passivation-dir",
            "--orphans");

    public NodeOptions parse(String... args) throws BadArgumentException {
        Map<String, String> given = split(args);
        NodeId name = convert(given, "--name", NodeId::new, "letters, digits, '-' or '_'");
        String cluster = required(given, "--cluster", "a JGroups cluster name");
        if (cluster.isBlank()) {
            throw new BadArgumentException("--cluster", cluster, "a JGroups cluster name");
        }
        InetAddress bind = address("--bind", given.getOrDefault("--bind", "127.0.0.1"));
        int httpPort = port(given, "--http-port", 0);
        int adminPort = port(given, "--admin-port", 0);
        int jgroupsPort = port(given, "--jgroups-port", TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET);
        Discovery discovery = discovery(given);
        int workers = intIn(given, "--workers", DEFAULT_WORKERS, 1, 10_000);
        double cpuBudget = cpuBudget(given.getOrDefault("--cpu-budget",
                String.valueOf(Runtime.getRuntime().availableProcessors())));
        int payloadBytes = bytesIn(given, "--payload-bytes", DEFAULT_PAYLOAD_BYTES, 0);
        Placement placement = placement(given);
        GranularityKind granularity = convert(given, "--granularity", "session", GranularityKind::parse,
                "one of: session, attribute");
        ReplicationTrigger trigger = convert(given, "--trigger", ReplicationSpec.DEFAULT_TRIGGER.label(),
                ReplicationTrigger::parse, "one of: set, set-and-non-primitive-get, set-and-get");
        String intervalText = given.getOrDefault("--max-unreplicated-interval", "60s");
        Duration maxUnreplicatedInterval = DurationText.parse(intervalText).orElseThrow(() ->
                new BadArgumentException("--max-unreplicated-interval", intervalText, DurationText.EXAMPLES
                        + " (0s: every request)"));
        DeliveryKind delivery = convert(given, "--delivery", "sync", DeliveryKind::parse, "one of: sync, async");
        Duration syncTimeout = syncTimeout(given.getOrDefault("--sync-timeout", "2s"));
        OptionalLong parentPid = given.containsKey("--parent-pid")
                ? OptionalLong.of(longIn(given.get("--parent-pid"), "--parent-pid", 1, Long.MAX_VALUE, "a process id"))
                : OptionalLong.empty();
        EngineKind engine = convert(given, "--engine", EngineKind.JGROUPS.label(), EngineKind::parse, "one of: jgroups, infinispan");
        OrphanPolicy orphans = convert(given, "--orphans", OrphanPolicy.ON_REQUEST.label(), OrphanPolicy::parse,
                "one of: on-request, adopt");
        var replication = new ReplicationSpec(placement, granularity, delivery, syncTimeout,
                asyncQueue(given, delivery), trigger, maxUnreplicatedInterval, engine, lifecycle(given), orphans);
        if (engine == EngineKind.INFINISPAN) {
            requireExpressibleByInfinispan(given, replication);
        }
        return new NodeOptions(name, cluster, bind, httpPort, adminPort, jgroupsPort, discovery, workers, cpuBudget,
                payloadBytes, profile(given), replication, parentPid, serviceTime(given), stack(given),
                passivationDirectory(given));
    }

    /**
     * {@code --max-inactive-interval}: how long an idle session lives (without it sessions never expire);
     * {@code --max-active-sessions}: the most an owner keeps in memory (without it, all).
     */
    private static SessionLifecycle lifecycle(Map<String, String> given) throws BadArgumentException {
        SessionLifecycle lifecycle = given.containsKey("--max-inactive-interval")
                ? SessionLifecycle.expiringAfter(positiveDuration(given, "--max-inactive-interval", Duration.ZERO))
                : SessionLifecycle.NEVER_EXPIRE;
        return given.containsKey("--max-active-sessions")
                ? lifecycle.withMaxActiveSessions(intIn(given, "--max-active-sessions", 0, 1, 10_000_000))
                : lifecycle;
    }

    /** {@code --passivation-dir}: where passivated sessions go; without it, a temporary directory. */
    private static Optional<Path> passivationDirectory(Map<String, String> given) throws BadArgumentException {
        String text = given.get("--passivation-dir");
        if (text == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(text));
        } catch (java.nio.file.InvalidPathException e) {
            throw new BadArgumentException("--passivation-dir", text, "a directory path");
        }
    }

    /** {@code --service-cpu} and {@code --service-wait}: each request's own work, 0ms (none) to 10s. */
    private static ServiceTime serviceTime(Map<String, String> given) throws BadArgumentException {
        return new ServiceTime(serviceDuration(given, "--service-cpu"), serviceDuration(given, "--service-wait"));
    }

    private static Duration serviceDuration(Map<String, String> given, String option) throws BadArgumentException {
        String text = given.getOrDefault(option, "0ms");
        return DurationText.parse(text).filter(duration -> duration.compareTo(ServiceTime.MAX) <= 0)
                .orElseThrow(() -> new BadArgumentException(option, text, "a duration from 0ms to 10s, such as 2ms"));
    }

    /**
     * The stack's transport, failure detection, merging, bundler and thread pool; each option left out keeps replsim's
     * own value ({@link StackPreset#TUNED}). A pair that cannot work together is named by its second option.
     */
    private static StackTuning stack(Map<String, String> given) throws BadArgumentException {
        StackTuning tuned = StackPreset.TUNED.tuning();
        TransportKind transport = convert(given, "--jgroups-transport", tuned.transport().label(),
                TransportKind::parse, "one of: " + TransportKind.labels());
        StackTuning.FailureDetection fd = tuned.failureDetection();
        Duration timeout = positiveDuration(given, "--fd-all-timeout", fd.heartbeatTimeout());
        Duration interval = positiveDuration(given, "--fd-all-interval", fd.heartbeatInterval());
        if (interval.compareTo(timeout) >= 0) {
            throw new BadArgumentException("--fd-all-interval", DurationText.format(interval), "a duration shorter"
                    + " than --fd-all-timeout (" + DurationText.format(timeout) + "), or every member is suspected"
                    + " between two heartbeats");
        }
        Duration verify = positiveDuration(given, "--verify-suspect-timeout", fd.verifySuspectTimeout());
        boolean socket = convert(given, "--fd-sock", String.valueOf(fd.socketMonitor()), NodeOptionsParser::bool,
                "true or false");
        Duration mergeMin = positiveDuration(given, "--merge-min-interval", tuned.merge().min());
        Duration mergeMax = positiveDuration(given, "--merge-max-interval", tuned.merge().max());
        if (mergeMin.compareTo(mergeMax) >= 0) {
            throw new BadArgumentException("--merge-max-interval", DurationText.format(mergeMax), "a duration longer"
                    + " than --merge-min-interval (" + DurationText.format(mergeMin) + ")");
        }
        BundlerKind bundler = convert(given, "--bundler", tuned.bundler().kind().label(), BundlerKind::parse,
                "one of: " + BundlerKind.labels());
        int bundleSize = bytesIn(given, "--bundler-max-size", tuned.bundler().maxSizeBytes(),
                StackTuning.Bundling.MIN_SIZE_BYTES, StackTuning.Bundling.MAX_SIZE_BYTES);
        int poolMin = intIn(given, "--thread-pool-min", tuned.threadPool().minThreads(), 0, 10_000);
        int poolMax = intIn(given, "--thread-pool-max", tuned.threadPool().maxThreads(), 1, 10_000);
        if (poolMin > poolMax) {
            throw new BadArgumentException("--thread-pool-max", String.valueOf(poolMax), "at least --thread-pool-min ("
                    + poolMin + ")");
        }
        Duration keepAlive = positiveDuration(given, "--thread-pool-keep-alive", tuned.threadPool().keepAlive());
        return new StackTuning(transport, new StackTuning.FailureDetection(timeout, interval, verify, socket),
                new StackTuning.MergeIntervals(mergeMin, mergeMax), new StackTuning.Bundling(bundler, bundleSize),
                new StackTuning.ThreadPoolSize(poolMin, poolMax, keepAlive));
    }

    private static Duration positiveDuration(Map<String, String> given, String option, Duration fallback)
            throws BadArgumentException {
        String text = given.get(option);
        if (text == null) {
            return fallback;
        }
        // JGroups takes its times in whole milliseconds: anything finer would be cut off unseen.
        return DurationText.parse(text).filter(d -> d.isPositive() && d.toNanos() % 1_000_000 == 0)
                .orElseThrow(() -> new BadArgumentException(option, text, "a positive whole number of milliseconds,"
                        + " such as 500ms or 2s"));
    }

    private static boolean bool(String text) {
        return switch (text.trim()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("true or false");
        };
    }

    /** Names the option behind the first choice Infinispan cannot honour, and says what to use instead. */
    private static void requireExpressibleByInfinispan(Map<String, String> given, ReplicationSpec replication)
            throws BadArgumentException {
        for (InfinispanCacheFactory.Unsupported refused : InfinispanCacheFactory.unsupported(replication)) {
            String option = switch (refused.field()) {
                case "buddyPools" -> "--buddy-pools";
                case "placement" -> "--placement";
                case "maxInactiveInterval" -> "--max-inactive-interval";
                case "maxActiveSessions" -> "--max-active-sessions";
                case "orphans" -> "--orphans";
                case "async" -> List.of("--async-bundle-timeout", "--async-max-bundle", "--async-capacity").stream()
                        .filter(given::containsKey).findFirst().orElse("--delivery");
                default -> "--engine";
            };
            throw new BadArgumentException(option, given.getOrDefault(option, ""), "under --engine infinispan: "
                    + refused.problem().replace("engine: jgroups", "--engine jgroups"));
        }
    }

    private static SessionProfile profile(Map<String, String> given) throws BadArgumentException {
        SessionProfile defaults = SessionProfile.DEFAULT;
        int attributes = intIn(given, "--profile-attributes", defaults.attributes(), 1, 10_000);
        int attributeBytes = bytesIn(given, "--profile-attribute-bytes", defaults.attributeBytes(), 1);
        AttributeShape shape = convert(given, "--profile-shape", defaults.shape().label(), AttributeShape::parse,
                "one of: bytes, graph");
        String shareExpected = "a share from 0 to 1, such as 0.2";
        double share = convert(given, "--profile-modified-share", String.valueOf(defaults.modifiedShare()),
                text -> {
                    double value = Double.parseDouble(text.trim());
                    if (!(value >= 0 && value <= 1)) {
                        throw new IllegalArgumentException(shareExpected);
                    }
                    return value;
                }, shareExpected);
        boolean mutateInPlace = convert(given, "--profile-mutate-in-place", String.valueOf(defaults.mutateInPlace()),
                text -> switch (text.trim()) {
                    case "true" -> true;
                    case "false" -> false;
                    default -> throw new IllegalArgumentException("true or false");
                }, "true or false");
        return new SessionProfile(attributes, attributeBytes, shape, share, mutateInPlace);
    }

    /** The {@code --async-*} options tune async delivery's queue and make no sense under sync. */
    private static AsyncQueueSettings asyncQueue(Map<String, String> given, DeliveryKind delivery)
            throws BadArgumentException {
        List<String> asyncOnly = List.of("--async-bundle-timeout", "--async-max-bundle", "--async-capacity");
        if (delivery != DeliveryKind.ASYNC) {
            for (String option : asyncOnly) {
                if (given.containsKey(option)) {
                    throw new BadArgumentException(option, given.get(option), "no such option unless --delivery async");
                }
            }
            return AsyncQueueSettings.DEFAULT;
        }
        String timeoutText = given.get("--async-bundle-timeout");
        Duration bundleTimeout = timeoutText == null ? AsyncQueueSettings.DEFAULT.bundleTimeout()
                : DurationText.parse(timeoutText).orElseThrow(() -> new BadArgumentException("--async-bundle-timeout",
                        timeoutText, DurationText.EXAMPLES + " (0ms sends at once)"));
        int maxBundle = intIn(given, "--async-max-bundle", AsyncQueueSettings.DEFAULT.maxBundle(), 1, 10_000);
        int capacity = intIn(given, "--async-capacity", AsyncQueueSettings.DEFAULT.capacity(), 1, 10_000_000);
        return new AsyncQueueSettings(bundleTimeout, maxBundle, capacity);
    }

    /** {@code --buddies} and {@code --buddy-pools} belong to the buddy placement and make no sense without it. */
    private static Placement placement(Map<String, String> given) throws BadArgumentException {
        Placement named = convert(given, "--placement", "all", Placement::parse, "one of: all, buddies, none");
        if (!(named instanceof Placement.Buddies)) {
            for (String buddyOnly : List.of("--buddies", "--buddy-pools")) {
                if (given.containsKey(buddyOnly)) {
                    throw new BadArgumentException(buddyOnly, given.get(buddyOnly), "no such option unless "
                            + "--placement buddies");
                }
            }
            return named;
        }
        int count = intIn(given, "--buddies", 1, 1, 64);
        BuddyPools pools = convert(given, "--buddy-pools", "", BuddyPools::parse,
                "pools separated by '/', members by ',', each member in one pool, such as node1,node2/node3,node4");
        return new Placement.Buddies(count, pools);
    }

    private static Map<String, String> split(String[] args) throws BadArgumentException {
        Map<String, String> given = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String option = arg;
            String value;
            int equals = arg.indexOf('=');
            if (arg.startsWith("--") && equals > 0) {
                option = arg.substring(0, equals);
                value = arg.substring(equals + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                value = null;
            }
            if (!KNOWN.contains(option)) {
                throw new BadArgumentException(option, null, "one of " + KNOWN.stream().sorted().toList());
            }
            if (value == null) {
                throw new BadArgumentException(option, null, "a value after it");
            }
            if (given.put(option, value) != null) {
                throw new BadArgumentException(option, value, "the option once");
            }
        }
        return given;
    }

    private static String required(Map<String, String> given, String option, String expected)
            throws BadArgumentException {
        String value = given.get(option);
        if (value == null) {
            throw new BadArgumentException(option, null, expected);
        }
        return value;
    }

    private static <T> T convert(Map<String, String> given, String option, Function<String, T> parse,
                                 String expected) throws BadArgumentException {
        return convertText(option, required(given, option, expected), parse, expected);
    }

    private static <T> T convert(Map<String, String> given, String option, String fallback,
                                 Function<String, T> parse, String expected) throws BadArgumentException {
        return convertText(option, given.getOrDefault(option, fallback), parse, expected);
    }

    private static <T> T convertText(String option, String text, Function<String, T> parse, String expected)
            throws BadArgumentException {
        try {
            return parse.apply(text);
        } catch (IllegalArgumentException e) {
            throw new BadArgumentException(option, text, expected);
        }
    }

    private static InetAddress address(String option, String text) throws BadArgumentException {
        // Only literal addresses: a node must never wait on DNS to start.
        if (!text.matches("[0-9.]+|[0-9a-fA-F:]+")) {
            throw new BadArgumentException(option, text, "an IP address such as 127.0.0.1");
        }
        try {
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw new BadArgumentException(option, text, "an IP address such as 127.0.0.1");
        }
    }

    /** @param headroom ports needed above this one (FD_SOCK2 listens at the JGroups port + 100) */
    private static int port(Map<String, String> given, String option, int headroom) throws BadArgumentException {
        String expected = "a port number 1-" + (65535 - headroom);
        return (int) longIn(required(given, option, expected), option, 1, 65535 - headroom, expected);
    }

    private static int intIn(Map<String, String> given, String option, int fallback, int min, int max)
            throws BadArgumentException {
        String text = given.get(option);
        if (text == null) {
            return fallback;
        }
        return (int) longIn(text, option, min, max, "a whole number " + min + "-" + max);
    }

    /** A size in the scenario files' grammar ({@link DataSize}: {@code 4096}, {@code 4KB}), from min bytes to 16MB. */
    private static int bytesIn(Map<String, String> given, String option, int fallback, int min)
            throws BadArgumentException {
        return bytesIn(given, option, fallback, min, MAX_PAYLOAD_BYTES);
    }

    private static int bytesIn(Map<String, String> given, String option, int fallback, int min, int max)
            throws BadArgumentException {
        String text = given.get(option);
        if (text == null) {
            return fallback;
        }
        String expected = "a size from " + new DataSize(min) + " to " + new DataSize(max) + ", such as "
                + "4096 (bytes) or 4KB";
        try {
            long bytes = DataSize.parse(text).bytes();
            if (bytes < min || bytes > max) {
                throw new BadArgumentException(option, text, expected);
            }
            return (int) bytes;
        } catch (IllegalArgumentException e) {
            throw new BadArgumentException(option, text, expected);
        }
    }

    private static long longIn(String text, String option, long min, long max, String expected)
            throws BadArgumentException {
        try {
            long value = Long.parseLong(text.trim());
            if (value < min || value > max) {
                throw new BadArgumentException(option, text, expected);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new BadArgumentException(option, text, expected);
        }
    }

    private static double cpuBudget(String text) throws BadArgumentException {
        String expected = "a positive number of cores such as 0.66";
        try {
            double cores = Double.parseDouble(text.trim());
            if (!(cores > 0) || Double.isInfinite(cores)) {
                throw new BadArgumentException("--cpu-budget", text, expected);
            }
            return cores;
        } catch (NumberFormatException e) {
            throw new BadArgumentException("--cpu-budget", text, expected);
        }
    }

    private static Duration syncTimeout(String text) throws BadArgumentException {
        return DurationText.parse(text).filter(d -> !d.isZero())
                .orElseThrow(() -> new BadArgumentException("--sync-timeout", text, "a positive "
                        + DurationText.EXAMPLES));
    }

    /**
     * {@code --discovery tcpping} (the default) finds the members at {@code --members}; {@code dns:<name>} asks DNS
     * for them (a Kubernetes headless Service), so {@code --members} makes no sense with it.
     */
    private static Discovery discovery(Map<String, String> given) throws BadArgumentException {
        String text = given.getOrDefault("--discovery", "tcpping");
        String expected = "tcpping (with --members) or dns:<name>, such as dns:replsim-nodes.default.svc.cluster.local";
        if (text.equals("tcpping")) {
            return new Discovery.StaticMembers(members(required(given, "--members", membersFormat())));
        }
        if (!text.startsWith("dns:")) {
            throw new BadArgumentException("--discovery", text, expected);
        }
        if (given.containsKey("--members")) {
            throw new BadArgumentException("--members", given.get("--members"), "no such option with --discovery "
                    + text + ": DNS names the members");
        }
        return convertText("--discovery", text, name -> new Discovery.Dns(name.substring("dns:".length())), expected);
    }

    private static String membersFormat() {
        return "host[port] entries separated by commas, such as 127.0.0.1[18281],127.0.0.1[18282]";
    }

    private static List<InetSocketAddress> members(String text) throws BadArgumentException {
        List<InetSocketAddress> members = new ArrayList<>();
        for (String entry : text.split(",")) {
            var match = MEMBER.matcher(entry.trim());
            if (!match.matches()) {
                throw new BadArgumentException("--members", text, membersFormat());
            }
            int port = Integer.parseInt(match.group(2));
            if (port < 1 || port > 65535) {
                throw new BadArgumentException("--members", text, membersFormat());
            }
            members.add(new InetSocketAddress(address("--members", match.group(1)), port));
        }
        return members;
    }
}

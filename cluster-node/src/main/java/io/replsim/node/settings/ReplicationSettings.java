package io.replsim.node.settings;

import io.replsim.replication.AsyncEnds;
import io.replsim.replication.AsyncQueueSettings;
import io.replsim.replication.BuddyPools;
import io.replsim.replication.DeliveryKind;
import io.replsim.replication.EngineKind;
import io.replsim.replication.EngineRefusal;
import io.replsim.replication.GranularityKind;
import io.replsim.replication.OrphanPolicy;
import io.replsim.replication.PartitionHandlingSpec;
import io.replsim.replication.PartitionMergePolicy;
import io.replsim.replication.PartitionWhenSplit;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.ReplicationTrigger;
import io.replsim.replication.SessionLifecycle;
import io.replsim.replication.SessionLock;
import io.replsim.replication.SnapshotMode;
import io.replsim.replication.host.EngineFactory;
import io.replsim.settings.Grammar;
import io.replsim.settings.Setting;
import io.replsim.settings.SettingsGroup;
import io.replsim.settings.SettingsSource;

import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;

/**
 * A node's replication ({@link ReplicationSpec}): a scenario's {@code replication} section and the node's
 * replication options (docs/interfaces.md §1). The buddy placement's own settings are refused with any other
 * placement and the async queue's with sync delivery, so nothing looks like it asks for something it does not get;
 * what the infinispan engine cannot express is refused at the setting that asks for it.
 */
public final class ReplicationSettings {

    /** Longer, and the run is over before it matters. */
    public static final Duration LONGEST_INTERVAL = Duration.ofHours(24);
    /** Longer, and a request would outwait any load a scenario runs. */
    public static final Duration LONGEST_SYNC_TIMEOUT = Duration.ofMinutes(10);
    /** JBoss Cache's replication queue flushed every 5 s by default: room for that and twice it. */
    private static final Duration MAX_BUNDLE_TIMEOUT = Duration.ofSeconds(10);
    /** A scenario's cluster has at most 16 nodes. */
    private static final int MAX_BUDDIES = 15;

    public static final Setting<ReplicationSpec, Placement> PLACEMENT = Setting.of("placement", "--placement",
            Grammar.choice("a placement", Placement.CHOICES), ReplicationSpec::placement);
    public static final Setting<ReplicationSpec, Integer> BUDDIES = Setting.of("buddies", "--buddies",
                    Grammar.wholeNumber(1, MAX_BUDDIES), (ReplicationSpec spec) -> buddies(spec).count())
            .writtenWhen(spec -> spec.placement() instanceof Placement.Buddies);
    public static final Setting<ReplicationSpec, BuddyPools> BUDDY_POOLS = Setting.of("buddyPools", "--buddy-pools",
                    Grammar.parsed("pools separated by '/', members by ',', each member in one pool, such as"
                            + " node1,node2/node3,node4", BuddyPools::parse, BuddyPools::label),
                    (ReplicationSpec spec) -> buddies(spec).pools())
            .writtenWhen(spec -> !buddies(spec).pools().pools().isEmpty());
    public static final Setting<ReplicationSpec, GranularityKind> GRANULARITY = Setting.of("granularity",
            "--granularity", Grammar.choice("a granularity", GranularityKind.class),
            ReplicationSpec::granularity);
    public static final Setting<ReplicationSpec, ReplicationTrigger> TRIGGER = Setting.of("trigger", "--trigger",
            Grammar.choice("a trigger", ReplicationTrigger.class),
            ReplicationSpec::trigger);
    public static final Setting<ReplicationSpec, Duration> MAX_UNREPLICATED_INTERVAL = Setting.of(
                    "maxUnreplicatedInterval", "--max-unreplicated-interval", Grammar.duration(),
                    ReplicationSpec::maxUnreplicatedInterval)
            .must(interval -> !interval.isNegative() && interval.compareTo(LONGEST_INTERVAL) <= 0,
                    "a duration from 0s (every request) to 24h, such as 60s");
    public static final Setting<ReplicationSpec, DeliveryKind> DELIVERY = Setting.of("delivery", "--delivery",
            Grammar.choice("a delivery", DeliveryKind.class), ReplicationSpec::delivery);
    public static final Setting<ReplicationSpec, Duration> SYNC_TIMEOUT = Setting.of("syncTimeout", "--sync-timeout",
                    Grammar.duration(), ReplicationSpec::syncTimeout)
            .must(timeout -> timeout.isPositive() && timeout.compareTo(LONGEST_SYNC_TIMEOUT) <= 0,
                    "a duration above 0s and at most 10m, such as 2s");
    public static final Setting<ReplicationSpec, Duration> ASYNC_BUNDLE_TIMEOUT = Setting.of("async.bundleTimeout",
                    "--async-bundle-timeout", Grammar.duration(), (ReplicationSpec spec) -> spec.asyncQueue().bundleTimeout())
            .must(timeout -> !timeout.isNegative() && timeout.compareTo(MAX_BUNDLE_TIMEOUT) <= 0,
                    "a duration from 0ms (send at once) to 10s, such as 5ms")
            .writtenWhen(ReplicationSettings::isAsync);
    public static final Setting<ReplicationSpec, Integer> ASYNC_MAX_BUNDLE = Setting.of("async.maxBundle",
                    "--async-max-bundle", Grammar.wholeNumber(1, 10_000),
                    (ReplicationSpec spec) -> spec.asyncQueue().maxBundle())
            .writtenWhen(ReplicationSettings::isAsync);
    public static final Setting<ReplicationSpec, Integer> ASYNC_CAPACITY = Setting.of("async.capacity",
                    "--async-capacity", Grammar.wholeNumber(1, 10_000_000),
                    (ReplicationSpec spec) -> spec.asyncQueue().capacity())
            .writtenWhen(ReplicationSettings::isAsync);
    /** Whether a session's end under async waits for every member or joins the queues ({@link AsyncEnds}). */
    public static final Setting<ReplicationSpec, AsyncEnds> ASYNC_ENDS = Setting.of("async.ends", "--async-ends",
                    Grammar.choice("how a session's end travels under async", AsyncEnds.class),
                    (ReplicationSpec spec) -> spec.asyncQueue().ends())
            .writtenWhen(spec -> isAsync(spec) && spec.asyncQueue().ends() != AsyncEnds.AWAITED);
    public static final Setting<ReplicationSpec, EngineKind> ENGINE = Setting.of("engine", "--engine",
            Grammar.choice("an engine", EngineKind.class), ReplicationSpec::engine);

    public static final Setting<ReplicationSpec, Duration> MAX_INACTIVE_INTERVAL = Setting.of("maxInactiveInterval",
                    "--max-inactive-interval", Grammar.duration(),
                    (ReplicationSpec spec) -> spec.lifecycle().maxInactiveInterval().orElseThrow())
            .must(interval -> interval.isPositive() && interval.toNanos() % 1_000_000 == 0
                            && interval.compareTo(LONGEST_INTERVAL) <= 0,
                    "a whole number of milliseconds above 0s and at most 24h, such as 30m (the servlet default) or 2s;"
                            + " leave it out and sessions never expire")
            .writtenWhen(spec -> spec.lifecycle().maxInactiveInterval().isPresent());
    public static final Setting<ReplicationSpec, Integer> MAX_ACTIVE_SESSIONS = Setting.of("maxActiveSessions",
                    "--max-active-sessions", Grammar.wholeNumber(1, 10_000_000),
                    (ReplicationSpec spec) -> spec.lifecycle().maxActiveSessions().getAsInt())
            .writtenWhen(spec -> spec.lifecycle().maxActiveSessions().isPresent());

    public static final Setting<ReplicationSpec, OrphanPolicy> ORPHANS = Setting.of("orphans", "--orphans",
            Grammar.choice("an orphan policy", OrphanPolicy.class), ReplicationSpec::orphans);

    /** Infinispan's own partition handling: infinispan engine only (the jgroups engine settles a split by version). */
    public static final Setting<ReplicationSpec, PartitionWhenSplit> PARTITION_WHEN_SPLIT = Setting.of(
                    "partitionHandling.whenSplit", "--partition-when-split",
                    Grammar.choice("a whenSplit", PartitionWhenSplit.class),
                    (ReplicationSpec spec) -> spec.partitionHandling().whenSplit())
            .writtenWhen(ReplicationSettings::isInfinispan);
    public static final Setting<ReplicationSpec, PartitionMergePolicy> PARTITION_MERGE_POLICY = Setting.of(
                    "partitionHandling.mergePolicy", "--partition-merge-policy",
                    Grammar.choice("a mergePolicy", PartitionMergePolicy.class),
                    (ReplicationSpec spec) -> spec.partitionHandling().mergePolicy())
            .writtenWhen(ReplicationSettings::isInfinispan);

    private static final List<Setting<ReplicationSpec, ?>> PARTITION_HANDLING =
            List.of(PARTITION_WHEN_SPLIT, PARTITION_MERGE_POLICY);

    public static final Setting<ReplicationSpec, SnapshotMode> SNAPSHOT_MODE = Setting.of("snapshotMode",
            "--snapshot-mode", Grammar.choice("a snapshot mode", SnapshotMode.CHOICES),
            ReplicationSpec::snapshot);
    public static final Setting<ReplicationSpec, Duration> SNAPSHOT_INTERVAL = Setting.of("snapshotInterval",
                    "--snapshot-interval", Grammar.duration(), ReplicationSettings::snapshotInterval)
            .must(interval -> interval.isPositive() && interval.toNanos() % 1_000_000 == 0
                            && interval.compareTo(LONGEST_INTERVAL) <= 0,
                    "a whole number of milliseconds above 0s and at most 24h, such as 1s (JBoss AS 5's default)")
            .writtenWhen(spec -> spec.snapshot() instanceof SnapshotMode.Interval);

    /** Whether a node's requests on one session wait for each other; without a lock the later store wins. */
    public static final Setting<ReplicationSpec, SessionLock> SESSION_LOCK = Setting.of("sessionLock",
            "--session-lock", Grammar.choice("a session lock", SessionLock.class), ReplicationSpec::sessionLock)
            .writtenWhen(spec -> spec.sessionLock() != SessionLock.PER_SESSION);

    private static final List<Setting<ReplicationSpec, ?>> ASYNC_QUEUE =
            List.of(ASYNC_BUNDLE_TIMEOUT, ASYNC_MAX_BUNDLE, ASYNC_CAPACITY, ASYNC_ENDS);

    public static final SettingsGroup<ReplicationSpec> GROUP = SettingsGroup.of(ReplicationSettings::read,
            PLACEMENT, BUDDIES, BUDDY_POOLS, GRANULARITY, TRIGGER, MAX_UNREPLICATED_INTERVAL, DELIVERY, SYNC_TIMEOUT,
            ASYNC_BUNDLE_TIMEOUT, ASYNC_MAX_BUNDLE, ASYNC_CAPACITY, ASYNC_ENDS, ENGINE, MAX_INACTIVE_INTERVAL,
            MAX_ACTIVE_SESSIONS, ORPHANS, PARTITION_WHEN_SPLIT, PARTITION_MERGE_POLICY, SNAPSHOT_MODE,
            SNAPSHOT_INTERVAL, SESSION_LOCK);

    private ReplicationSettings() {
    }

    private static ReplicationSpec read(SettingsSource in, ReplicationSpec defaults) {
        Placement placement = PLACEMENT.readFrom(in, defaults);
        if (placement instanceof Placement.Buddies) {
            placement = new Placement.Buddies(BUDDIES.readFrom(in, defaults), BUDDY_POOLS.readFrom(in, defaults));
        } else {
            in.refuseUnless(List.of(BUDDIES, BUDDY_POOLS), PLACEMENT, "buddies");
        }
        GranularityKind granularity = GRANULARITY.readFrom(in, defaults);
        ReplicationTrigger trigger = TRIGGER.readFrom(in, defaults);
        Duration maxUnreplicated = MAX_UNREPLICATED_INTERVAL.readFrom(in, defaults);
        DeliveryKind delivery = DELIVERY.readFrom(in, defaults);
        AsyncQueueSettings asyncQueue = AsyncQueueSettings.DEFAULT;
        if (delivery == DeliveryKind.ASYNC) {
            asyncQueue = new AsyncQueueSettings(ASYNC_BUNDLE_TIMEOUT.readFrom(in, defaults),
                    ASYNC_MAX_BUNDLE.readFrom(in, defaults), ASYNC_CAPACITY.readFrom(in, defaults),
                    ASYNC_ENDS.readFrom(in, defaults));
        } else {
            in.refuseUnless(ASYNC_QUEUE, DELIVERY, "async");
        }
        EngineKind engine = ENGINE.readFrom(in, defaults);
        Duration syncTimeout = SYNC_TIMEOUT.readFrom(in, defaults);
        SessionLifecycle lifecycle = new SessionLifecycle(
                in.value(MAX_INACTIVE_INTERVAL).or(() -> defaults.lifecycle().maxInactiveInterval()),
                in.value(MAX_ACTIVE_SESSIONS).map(OptionalInt::of).orElse(defaults.lifecycle().maxActiveSessions()));
        PartitionHandlingSpec partitionHandling = PartitionHandlingSpec.DEFAULT;
        if (engine == EngineKind.INFINISPAN) {
            partitionHandling = new PartitionHandlingSpec(PARTITION_WHEN_SPLIT.readFrom(in, defaults),
                    PARTITION_MERGE_POLICY.readFrom(in, defaults));
        } else {
            in.refuseUnless(PARTITION_HANDLING, ENGINE, EngineKind.INFINISPAN.label());
        }
        SnapshotMode snapshot = SNAPSHOT_MODE.readFrom(in, defaults);
        if (snapshot instanceof SnapshotMode.Interval) {
            snapshot = new SnapshotMode.Interval(SNAPSHOT_INTERVAL.readFrom(in, defaults));
            if (placement instanceof Placement.None) {
                in.problem(SNAPSHOT_MODE, "instant, or leave it out: under " + in.phrase(PLACEMENT, "none")
                        + " nothing is replicated, so nothing waits for an interval");
            }
        } else {
            in.refuseUnless(List.of(SNAPSHOT_INTERVAL), SNAPSHOT_MODE, "interval");
        }
        SessionLock sessionLock = SESSION_LOCK.readFrom(in, defaults);
        if (sessionLock == SessionLock.NONE && (granularity != GranularityKind.SESSION
                || engine != EngineKind.JGROUPS)) {
            // A lock-free request stores the whole session it found: what a session-granularity container does. An
            // attribute container would store only what the request changed, and a cache engine keeps no copy here
            // between requests to find at arrival.
            in.problem(SESSION_LOCK, "per-session, or leave it out (not built yet: " + in.phrase(SESSION_LOCK, "none")
                    + " needs " + in.phrase(GRANULARITY, GranularityKind.SESSION.label()) + " and "
                    + in.phrase(ENGINE, EngineKind.JGROUPS.label()) + ", where a request stores the whole session"
                    + " it found)");
        }
        var spec = ReplicationSpec.builder().placement(placement).granularity(granularity).delivery(delivery)
                .syncTimeout(syncTimeout).asyncQueue(asyncQueue).trigger(trigger)
                .maxUnreplicatedInterval(maxUnreplicated).engine(engine).lifecycle(lifecycle)
                .orphans(ORPHANS.readFrom(in, defaults)).partitionHandling(partitionHandling).snapshot(snapshot)
                .sessionLock(sessionLock).build();
        if (engine == EngineKind.INFINISPAN) {
            refuseWhatInfinispanCannotExpress(in, spec);
        }
        return spec;
    }

    private static void refuseWhatInfinispanCannotExpress(SettingsSource in, ReplicationSpec spec) {
        for (EngineRefusal refused : EngineFactory.refusals(spec)) {
            String expected = "under " + in.phrase(ENGINE, EngineKind.INFINISPAN.label()) + ", "
                    + refused.problem().replace("engine: jgroups", in.phrase(ENGINE, EngineKind.JGROUPS.label()));
            // The field is a setting's path, or a section (async) whose settings are refused as a whole.
            List<Setting<ReplicationSpec, ?>> asked = GROUP.settings().stream()
                    .filter(setting -> setting.topKey().equals(refused.field())).toList();
            in.problem(asked, asked.isEmpty() ? ENGINE : DELIVERY, expected);
        }
    }

    /** Under instant, the period interval would use: what a scenario's snapshotMode: interval alone gets. */
    private static Duration snapshotInterval(ReplicationSpec spec) {
        return spec.snapshot() instanceof SnapshotMode.Interval interval ? interval.period()
                : SnapshotMode.DEFAULT_INTERVAL;
    }

    private static Placement.Buddies buddies(ReplicationSpec spec) {
        return spec.placement() instanceof Placement.Buddies buddies ? buddies
                : new Placement.Buddies(1, BuddyPools.none());
    }

    private static boolean isInfinispan(ReplicationSpec spec) {
        return spec.engine() == EngineKind.INFINISPAN;
    }

    private static boolean isAsync(ReplicationSpec spec) {
        return spec.delivery() == DeliveryKind.ASYNC;
    }
}

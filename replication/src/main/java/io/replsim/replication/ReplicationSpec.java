package io.replsim.replication;

import java.time.Duration;
import java.util.Objects;

/**
 * The replication choices of one cluster: each an independent type, mapped to behaviour in one place.
 *
 * @param syncTimeout             how long a sync request waits for its backups; also bounds gravitation, pushes
 *                                and removals
 * @param asyncQueue              how async delivery queues and bundles; unused under sync
 * @param trigger                 what marks an attribute dirty
 * @param maxUnreplicatedInterval a request that dirtied nothing still replicates the session's metadata (its last
 *                                access) when the last replication is older than this; zero: on every request
 * @param engine                  what carries the copies; a combination the engine cannot express fails at start
 * @param lifecycle               how long an idle session lives (jgroups engine only)
 * @param orphans                 whether survivors take over a dead owner's sessions at the view change (jgroups)
 * @param partitionHandling       what each side of a partition serves and how the merge settles copies (infinispan)
 * @param snapshot                when a request's changes leave: at its end, or with the next interval's batch
 *                                (jgroups)
 */
public record ReplicationSpec(Placement placement, GranularityKind granularity, DeliveryKind delivery,
                              Duration syncTimeout, AsyncQueueSettings asyncQueue, ReplicationTrigger trigger,
                              Duration maxUnreplicatedInterval, EngineKind engine, SessionLifecycle lifecycle,
                              OrphanPolicy orphans, PartitionHandlingSpec partitionHandling,
                              SnapshotMode snapshot) {
    public static final Duration DEFAULT_SYNC_TIMEOUT = Duration.ofSeconds(2);
    public static final ReplicationTrigger DEFAULT_TRIGGER = ReplicationTrigger.SET_AND_NON_PRIMITIVE_GET;
    /** JBoss AS 5's default: a session read for a minute without changes still tells its backups it is alive. */
    public static final Duration DEFAULT_MAX_UNREPLICATED_INTERVAL = Duration.ofSeconds(60);

    public ReplicationSpec {
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(granularity, "granularity");
        Objects.requireNonNull(delivery, "delivery");
        Objects.requireNonNull(syncTimeout, "syncTimeout");
        Objects.requireNonNull(asyncQueue, "asyncQueue");
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(maxUnreplicatedInterval, "maxUnreplicatedInterval");
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(lifecycle, "lifecycle");
        Objects.requireNonNull(orphans, "orphans");
        Objects.requireNonNull(partitionHandling, "partitionHandling");
        Objects.requireNonNull(snapshot, "snapshot");
        if (syncTimeout.isNegative() || syncTimeout.isZero()) {
            throw new IllegalArgumentException("syncTimeout must be positive, got " + syncTimeout);
        }
        if (maxUnreplicatedInterval.isNegative()) {
            throw new IllegalArgumentException("maxUnreplicatedInterval must not be negative, got "
                    + maxUnreplicatedInterval);
        }
    }

    /** Infinispan's own partition handling, each request's changes replicated at its end: the defaults. */
    public ReplicationSpec(Placement placement, GranularityKind granularity, DeliveryKind delivery,
                           Duration syncTimeout, AsyncQueueSettings asyncQueue, ReplicationTrigger trigger,
                           Duration maxUnreplicatedInterval, EngineKind engine, SessionLifecycle lifecycle,
                           OrphanPolicy orphans) {
        this(placement, granularity, delivery, syncTimeout, asyncQueue, trigger, maxUnreplicatedInterval, engine,
                lifecycle, orphans, PartitionHandlingSpec.DEFAULT, SnapshotMode.INSTANT);
    }

    /** Each request's changes replicated at its end: the default. */
    public ReplicationSpec(Placement placement, GranularityKind granularity, DeliveryKind delivery,
                           Duration syncTimeout, AsyncQueueSettings asyncQueue, ReplicationTrigger trigger,
                           Duration maxUnreplicatedInterval, EngineKind engine, SessionLifecycle lifecycle,
                           OrphanPolicy orphans, PartitionHandlingSpec partitionHandling) {
        this(placement, granularity, delivery, syncTimeout, asyncQueue, trigger, maxUnreplicatedInterval, engine,
                lifecycle, orphans, partitionHandling, SnapshotMode.INSTANT);
    }

    /** Infinispan's own partition handling (none asked for). */
    public ReplicationSpec(Placement placement, GranularityKind granularity, DeliveryKind delivery,
                           Duration syncTimeout, AsyncQueueSettings asyncQueue, ReplicationTrigger trigger,
                           Duration maxUnreplicatedInterval, EngineKind engine, SessionLifecycle lifecycle,
                           OrphanPolicy orphans, SnapshotMode snapshot) {
        this(placement, granularity, delivery, syncTimeout, asyncQueue, trigger, maxUnreplicatedInterval, engine,
                lifecycle, orphans, PartitionHandlingSpec.DEFAULT, snapshot);
    }

    /** Sessions that never expire; orphans wait for their next request, JBoss's way: the defaults. */
    public ReplicationSpec(Placement placement, GranularityKind granularity, DeliveryKind delivery,
                           Duration syncTimeout, AsyncQueueSettings asyncQueue, ReplicationTrigger trigger,
                           Duration maxUnreplicatedInterval, EngineKind engine) {
        this(placement, granularity, delivery, syncTimeout, asyncQueue, trigger, maxUnreplicatedInterval, engine,
                SessionLifecycle.NEVER_EXPIRE, OrphanPolicy.ON_REQUEST);
    }

    /** On the jgroups engine, the default. */
    public ReplicationSpec(Placement placement, GranularityKind granularity, DeliveryKind delivery,
                           Duration syncTimeout, AsyncQueueSettings asyncQueue, ReplicationTrigger trigger,
                           Duration maxUnreplicatedInterval) {
        this(placement, granularity, delivery, syncTimeout, asyncQueue, trigger, maxUnreplicatedInterval,
                EngineKind.JGROUPS);
    }

    /** With the default async queue, trigger, interval and engine. */
    public ReplicationSpec(Placement placement, GranularityKind granularity, DeliveryKind delivery,
                           Duration syncTimeout) {
        this(placement, granularity, delivery, syncTimeout, AsyncQueueSettings.DEFAULT, DEFAULT_TRIGGER,
                DEFAULT_MAX_UNREPLICATED_INTERVAL);
    }

    /** Full-session, synchronous replication to every member: the default. */
    public static ReplicationSpec fullSync() {
        return new ReplicationSpec(new Placement.AllMembers(), GranularityKind.SESSION, DeliveryKind.SYNC, DEFAULT_SYNC_TIMEOUT);
    }

    public ReplicationSpec withAsyncQueue(AsyncQueueSettings queue) {
        return new ReplicationSpec(placement, granularity, delivery, syncTimeout, queue, trigger,
                maxUnreplicatedInterval, engine, lifecycle, orphans, partitionHandling, snapshot);
    }

    public ReplicationSpec withTrigger(ReplicationTrigger newTrigger) {
        return new ReplicationSpec(placement, granularity, delivery, syncTimeout, asyncQueue, newTrigger,
                maxUnreplicatedInterval, engine, lifecycle, orphans, partitionHandling, snapshot);
    }

    public ReplicationSpec withMaxUnreplicatedInterval(Duration interval) {
        return new ReplicationSpec(placement, granularity, delivery, syncTimeout, asyncQueue, trigger, interval,
                engine, lifecycle, orphans, partitionHandling, snapshot);
    }

    public ReplicationSpec withEngine(EngineKind newEngine) {
        return new ReplicationSpec(placement, granularity, delivery, syncTimeout, asyncQueue, trigger,
                maxUnreplicatedInterval, newEngine, lifecycle, orphans, partitionHandling, snapshot);
    }

    public ReplicationSpec withLifecycle(SessionLifecycle newLifecycle) {
        return new ReplicationSpec(placement, granularity, delivery, syncTimeout, asyncQueue, trigger,
                maxUnreplicatedInterval, engine, newLifecycle, orphans, partitionHandling, snapshot);
    }

    public ReplicationSpec withOrphans(OrphanPolicy policy) {
        return new ReplicationSpec(placement, granularity, delivery, syncTimeout, asyncQueue, trigger,
                maxUnreplicatedInterval, engine, lifecycle, policy, partitionHandling, snapshot);
    }

    public ReplicationSpec withPartitionHandling(PartitionHandlingSpec handling) {
        return new ReplicationSpec(placement, granularity, delivery, syncTimeout, asyncQueue, trigger,
                maxUnreplicatedInterval, engine, lifecycle, orphans, handling, snapshot);
    }

    public ReplicationSpec withSnapshot(SnapshotMode mode) {
        return new ReplicationSpec(placement, granularity, delivery, syncTimeout, asyncQueue, trigger,
                maxUnreplicatedInterval, engine, lifecycle, orphans, partitionHandling, mode);
    }
}

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
 * @param sessionLock             whether a node's requests on one session wait for each other (the node's request
 *                                handling; the engines hold copies the same either way)
 */
public record ReplicationSpec(Placement placement, GranularityKind granularity, DeliveryKind delivery,
                              Duration syncTimeout, AsyncQueueSettings asyncQueue, ReplicationTrigger trigger,
                              Duration maxUnreplicatedInterval, EngineKind engine, SessionLifecycle lifecycle,
                              OrphanPolicy orphans, PartitionHandlingSpec partitionHandling,
                              SnapshotMode snapshot, SessionLock sessionLock) {
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
        Objects.requireNonNull(sessionLock, "sessionLock");
        if (syncTimeout.isNegative() || syncTimeout.isZero()) {
            throw new IllegalArgumentException("syncTimeout must be positive, got " + syncTimeout);
        }
        if (maxUnreplicatedInterval.isNegative()) {
            throw new IllegalArgumentException("maxUnreplicatedInterval must not be negative, got "
                    + maxUnreplicatedInterval);
        }
    }

    /** Full-session, synchronous replication to every member: the defaults. */
    public static ReplicationSpec fullSync() {
        return builder().build();
    }

    /** A spec from the defaults ({@link #fullSync}), each choice changed as the builder is told. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder that starts from this spec's every choice. */
    public Builder toBuilder() {
        return new Builder().placement(placement).granularity(granularity).delivery(delivery).syncTimeout(syncTimeout)
                .asyncQueue(asyncQueue).trigger(trigger).maxUnreplicatedInterval(maxUnreplicatedInterval)
                .engine(engine).lifecycle(lifecycle).orphans(orphans).partitionHandling(partitionHandling)
                .snapshot(snapshot).sessionLock(sessionLock);
    }

    /**
     * A spec one choice at a time, each starting at its default: full-session synchronous replication to every
     * member on the jgroups engine, sessions that never expire, orphans taken over on their next request,
     * Infinispan's own partition handling, changes replicated at each request's end, a lock per session.
     * {@link #build} checks the spec.
     */
    public static final class Builder {
        private Placement placement = new Placement.AllMembers();
        private GranularityKind granularity = GranularityKind.SESSION;
        private DeliveryKind delivery = DeliveryKind.SYNC;
        private Duration syncTimeout = DEFAULT_SYNC_TIMEOUT;
        private AsyncQueueSettings asyncQueue = AsyncQueueSettings.DEFAULT;
        private ReplicationTrigger trigger = DEFAULT_TRIGGER;
        private Duration maxUnreplicatedInterval = DEFAULT_MAX_UNREPLICATED_INTERVAL;
        private EngineKind engine = EngineKind.JGROUPS;
        private SessionLifecycle lifecycle = SessionLifecycle.NEVER_EXPIRE;
        private OrphanPolicy orphans = OrphanPolicy.ON_REQUEST;
        private PartitionHandlingSpec partitionHandling = PartitionHandlingSpec.DEFAULT;
        private SnapshotMode snapshot = SnapshotMode.INSTANT;
        private SessionLock sessionLock = SessionLock.PER_SESSION;

        private Builder() {
        }

        public Builder placement(Placement value) {
            placement = value;
            return this;
        }

        public Builder granularity(GranularityKind value) {
            granularity = value;
            return this;
        }

        public Builder delivery(DeliveryKind value) {
            delivery = value;
            return this;
        }

        public Builder syncTimeout(Duration value) {
            syncTimeout = value;
            return this;
        }

        public Builder asyncQueue(AsyncQueueSettings value) {
            asyncQueue = value;
            return this;
        }

        public Builder trigger(ReplicationTrigger value) {
            trigger = value;
            return this;
        }

        public Builder maxUnreplicatedInterval(Duration value) {
            maxUnreplicatedInterval = value;
            return this;
        }

        public Builder engine(EngineKind value) {
            engine = value;
            return this;
        }

        public Builder lifecycle(SessionLifecycle value) {
            lifecycle = value;
            return this;
        }

        public Builder orphans(OrphanPolicy value) {
            orphans = value;
            return this;
        }

        public Builder partitionHandling(PartitionHandlingSpec value) {
            partitionHandling = value;
            return this;
        }

        public Builder snapshot(SnapshotMode value) {
            snapshot = value;
            return this;
        }

        public Builder sessionLock(SessionLock value) {
            sessionLock = value;
            return this;
        }

        public ReplicationSpec build() {
            return new ReplicationSpec(placement, granularity, delivery, syncTimeout, asyncQueue, trigger,
                    maxUnreplicatedInterval, engine, lifecycle, orphans, partitionHandling, snapshot, sessionLock);
        }
    }
}

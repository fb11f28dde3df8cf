package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.EndCause;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.message.SessionVersion;

import java.io.Serializable;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The sessions one node holds, as owner or as backup. A request locks its session ({@link #find}/{@link #create}),
 * changes it and calls {@link #update}, which replicates before returning when delivery is synchronous.
 * <p>
 * One face over the store's parts, each with one job, and nothing else: the table of sessions and their locks
 * ({@code SessionTable}); the request side ({@code RequestSide}) and the interval's send ({@code QueuedReplication});
 * the replica side ({@code ReplicaSide}); ownership ({@code SessionOwnership}); lifecycle ({@code SessionExpiry},
 * {@code SessionPassivation}); accounting ({@code SessionCounters}, {@code SessionCensus}). The contracts are
 * written on the parts.
 */
public final class SessionStore {
    private final NodeId self;
    private final RequestSide requests;
    private final QueuedSnapshots queued;
    private final QueuedReplication queuedReplication;
    private final ReplicaSide replicas;
    private final SessionOwnership ownership;
    private final SessionExpiry expiry;
    private final SessionPassivation passivation;
    private final SessionCounters counters;
    private final SessionCensus census;

    /**
     * @param backupLockTimeout how long an incoming replica waits for a session a local request holds; kept below
     *                          the sender's sync timeout so two nodes updating one session cannot wait on each
     *                          other forever
     */
    public SessionStore(NodeId self, SessionReplicator replicator, SessionLocator locator, SessionTracking tracking,
                        Clock clock, Duration backupLockTimeout) {
        this(self, replicator, locator, tracking, clock, backupLockTimeout, new SessionIdGenerator()::next,
                SessionRetention.KEEP_COPIES);
    }

    /**
     * @param newIds    the ids of sessions created here: a cache engine picks ids whose primary owner is this node
     * @param retention whether served sessions stay here between requests
     */
    public SessionStore(NodeId self, SessionReplicator replicator, SessionLocator locator, SessionTracking tracking,
                        Clock clock, Duration backupLockTimeout, Supplier<SessionId> newIds,
                        SessionRetention retention) {
        this(self, replicator, locator, tracking, clock, backupLockTimeout, newIds, retention, Optional.empty());
    }

    /**
     * @param passivated where the owner's least recently used sessions go beyond the tracking's maxActiveSessions;
     *                   empty: all stay in memory
     */
    public SessionStore(NodeId self, SessionReplicator replicator, SessionLocator locator, SessionTracking tracking,
                        Clock clock, Duration backupLockTimeout, Supplier<SessionId> newIds,
                        SessionRetention retention, Optional<PassivatedSessions> passivated) {
        Objects.requireNonNull(passivated, "passivated");
        Objects.requireNonNull(newIds, "newIds");
        Objects.requireNonNull(retention, "retention");
        this.self = Objects.requireNonNull(self, "self");
        Objects.requireNonNull(replicator, "replicator");
        Objects.requireNonNull(locator, "locator");
        Objects.requireNonNull(tracking, "tracking");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(backupLockTimeout, "backupLockTimeout");
        var table = new SessionTable(backupLockTimeout);
        var ended = EndedSessions.under(tracking.lifecycle(), clock);
        this.queued = new QueuedSnapshots();
        this.counters = new SessionCounters();
        this.census = new SessionCensus(self, table);
        this.passivation = new SessionPassivation(table, passivated, tracking, clock, queued, counters);
        this.expiry = new SessionExpiry(self, table, replicator, tracking, clock, ended, counters, passivated);
        this.ownership = new SessionOwnership(self, table, replicator, clock, passivation, counters);
        this.replicas = new ReplicaSide(self, table, tracking, clock, ended, passivation, ownership);
        this.queuedReplication = new QueuedReplication(self, table, replicator, tracking, clock, queued, ownership);
        this.requests = new RequestSide(self, table, replicator, locator, tracking, clock, newIds, retention, ended,
                queued, expiry, passivation, ownership, counters);
    }

    /** A store that finds sessions only in itself. */
    public SessionStore(NodeId self, SessionReplicator replicator, Clock clock, Duration backupLockTimeout) {
        this(self, replicator, SessionLocator.NOWHERE, SessionTracking.DEFAULT, clock, backupLockTimeout);
    }

    public NodeId self() {
        return self;
    }

    /** Locks the session for a request: held here, passivated here, or gravitated from the members that hold it. */
    public Optional<ActiveSession> find(SessionId id) {
        return requests.find(id);
    }

    /** A new session owned by this node, locked, at version 0 until its first {@link #update}. */
    public ActiveSession create() {
        return requests.create();
    }

    /** Ends a request's changes, replicating a new version when something changed or ownership moved. */
    public void update(ActiveSession active) throws ReplicationException {
        requests.update(active);
    }

    /** Ends the session the request holds (a logout), here and on the members that hold copies. */
    public void invalidate(ActiveSession active) throws ReplicationException {
        requests.invalidate(active);
    }

    /** Replicates every session queued since the last call (snapshot mode interval); returns how many were sent. */
    public int replicateQueued() {
        return queuedReplication.replicateQueued();
    }

    /** Sessions whose changes wait for the next interval's send. */
    public int queuedSnapshots() {
        return queued.size();
    }

    /**
     * Requests whose changes joined a session already waiting for the interval's send: each one an update instant
     * mode would have sent and interval mode did not.
     */
    public long coalescedUpdates() {
        return queued.coalesced();
    }

    /** Applies a replica from another node if it is newer than the copy held. */
    public BackupOutcome applyBackup(SessionSnapshot snapshot) {
        return replicas.applyBackup(snapshot);
    }

    /** Applies an attribute update onto the version it was made from. */
    public BackupOutcome applyDelta(AttributeDelta delta) {
        return replicas.applyDelta(delta);
    }

    /** Drops this member's copy of a session its owner ended (a logout), and refuses its older replicas for a while. */
    public void endCopy(SessionVersion end) {
        replicas.endCopy(end, EndCause.INVALIDATED);
    }

    /** As {@link #endCopy(SessionVersion)}, remembering why the owner ended it. */
    public void endCopy(SessionVersion end, EndCause cause) {
        replicas.endCopy(end, cause);
    }

    /** Drops a copy another member no longer needs here, unless a newer write reached it since. */
    public boolean removeCopy(SessionVersion copy) {
        return replicas.removeCopy(copy);
    }

    /** A copy of the session as last replicated or applied here, without locking it for a request. */
    public Optional<SessionSnapshot> peek(SessionId id) {
        return replicas.peek(id);
    }

    /**
     * The attributes of the copy held here as they are now, read under its lock without holding it for a request;
     * empty when none is held. What a node without a session lock reads as a request arrives.
     */
    public Optional<Map<String, Serializable>> attributesNow(SessionId id) {
        return replicas.peek(id).map(SessionSnapshot::attributes);
    }

    /** The copy held, for a member gathering it by gravitation. */
    public Optional<SessionSnapshot> copyForGravitation(SessionId id) {
        return replicas.copyForGravitation(id);
    }

    /** Damages the copies of other members' sessions on purpose, for tests of the load driver's checks. */
    public int alterBackupCopies(Predicate<Session> alteration) {
        return replicas.alterBackupCopies(alteration);
    }

    /** Settles another member's claim to own a session, sent when a partition heals. */
    public Optional<SessionSnapshot> settle(SessionSnapshot claim) {
        return ownership.settle(claim);
    }

    /**
     * A merge view is installed with these members on its other sides: until {@link #mergeSettled}, a copy owned here
     * that one of them replaces with a version not following ours counts as an ownership conflict lost, as a claim
     * would have counted it.
     */
    public void mergeStarted(Set<NodeId> otherSides) {
        ownership.mergeStarted(otherSides);
    }

    /** The claims of the merge begun with {@code otherSides} are settled. */
    public void mergeSettled(Set<NodeId> otherSides) {
        ownership.mergeSettled(otherSides);
    }

    /** Takes a winning copy another member sent back in place of the one held here (see {@link #settle}). */
    public void yieldTo(SessionSnapshot winner) {
        ownership.yieldTo(winner);
    }

    /** Every session this node owns: what a view change may push to new backups. */
    public List<SessionSnapshot> ownedSnapshots() {
        return ownership.ownedSnapshots();
    }

    /** The sessions held here whose owner is one of {@code owners}, by owner: orphans once those left. */
    public Map<SessionId, NodeId> copiesOwnedBy(Set<NodeId> owners) {
        return ownership.copiesOwnedBy(owners);
    }

    /** Takes over a copy whose owner left, before any request asks for it. */
    public boolean adopt(SessionId id, NodeId departedOwner) throws ReplicationException {
        return ownership.adopt(id, departedOwner);
    }

    /** Ends the sessions and drops the copies nobody used for too long; returns how many went. */
    public int expireIdle() {
        return expiry.expireIdle();
    }

    /** Whether this node lately ended {@code id} because nobody used it for the maximum inactive interval. */
    public boolean expiredLately(SessionId id) {
        return expiry.expiredLately(id);
    }

    /** Sessions passivated here now (on disk, not in {@link #counts()}). */
    public int passivatedNow() {
        return passivation.passivatedNow();
    }

    /** How many sessions this node holds in memory as owner and as backup; sampled without locks. */
    public SessionCounts counts() {
        return census.counts();
    }

    /** The estimated heap held by copies of other members' sessions; sampled without locks. */
    public long backupFootprintBytes() {
        return census.backupFootprintBytes();
    }

    /** The estimated heap held by every session here, owned and copies; sampled without locks. */
    public long heldFootprintBytes() {
        return census.heldFootprintBytes();
    }

    /** Sessions moved out of memory beyond maxActiveSessions. */
    public long passivations() {
        return counters.passivations();
    }

    /** Passivated sessions brought back into memory. */
    public long activations() {
        return counters.activations();
    }

    /** Sessions this node owned and ended because nobody used them for the maximum inactive interval. */
    public long expirations() {
        return counters.expirations();
    }

    /** Copies of other members' sessions this node dropped because they had gone unused for too long. */
    public long expiredCopies() {
        return counters.expiredCopies();
    }

    /** How many sessions requests on this node ended (logouts) since it started. */
    public long invalidations() {
        return counters.invalidations();
    }

    /** How many sessions this node owned and lost to another owner's copy that outranked its own. */
    public long ownershipConflicts() {
        return counters.ownershipConflicts();
    }

    /** How many sessions this node fetched from other members since it started. */
    public long gravitations() {
        return counters.gravitations();
    }
}

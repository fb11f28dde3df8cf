package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationTrigger;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.SessionSnapshot;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One session as a node holds it, as owner or as backup. Mutated only by the thread holding {@link #lock}, which
 * the store takes for a request and for an incoming replica ({@link SessionTable}), so one session's updates are
 * serial.
 */
public final class Session {
    final ReentrantLock lock = new ReentrantLock();

    private final SessionId id;
    private final Instant created;
    /**
     * The session's own map, or after a replica was applied the snapshot's immutable one, held until the session's
     * first change of its own: a backup applies many more copies than it serves requests, and copying each one's
     * attributes into a map of its own cost every applied update as much as reading them.
     */
    private Map<String, Serializable> attributes;
    private boolean attributesShared;
    private final Set<String> dirtyAttributes = new HashSet<>();
    private long version;
    private volatile NodeId owner; // volatile: SessionCensus samples it without the lock
    private final ReplicationTrigger trigger;
    private Instant lastAccess;
    private Instant lastReplicated;
    /** A send taken from this state failed: the next round sends it again, dirty or not. */
    private boolean resendDue;
    private volatile long footprint; // volatile: SessionCensus samples it without the lock
    private boolean ownerChanged;

    Session(SessionId id, NodeId owner, Instant created, ReplicationTrigger trigger) {
        this.id = Objects.requireNonNull(id, "id");
        this.owner = Objects.requireNonNull(owner, "owner");
        this.trigger = Objects.requireNonNull(trigger, "trigger");
        this.created = created;
        this.lastAccess = created;
        this.lastReplicated = created;
        this.attributes = new HashMap<>();
    }

    static Session fromSnapshot(SessionSnapshot snapshot, ReplicationTrigger trigger, Instant now) {
        var session = new Session(snapshot.id(), snapshot.owner(), Instant.ofEpochMilli(snapshot.createdEpochMs()),
                trigger);
        session.applySnapshot(snapshot);
        session.lastReplicated = now;
        return session;
    }

    public SessionId id() {
        return id;
    }

    public long version() {
        return version;
    }

    public NodeId owner() {
        return owner;
    }

    public Instant created() {
        return created;
    }

    public Instant lastAccess() {
        return lastAccess;
    }

    /**
     * The value, marking it dirty when the trigger says a read may lead to a change: the caller might mutate what
     * it got without calling {@link #setAttribute} again.
     */
    public Optional<Serializable> getAttribute(String name) {
        Serializable value = attributes.get(name);
        if (value != null && trigger.readMarksDirty(value)) {
            dirtyAttributes.add(name);
        }
        return Optional.ofNullable(value);
    }

    /**
     * The value, never marking it dirty whatever the trigger: for a container that decides itself what changed, as
     * an SFSB container does with the bean's isModified().
     */
    public Optional<Serializable> peekAttribute(String name) {
        return Optional.ofNullable(attributes.get(name));
    }

    /** Stores a value and marks it dirty: only a {@code setAttribute} tells replication that something changed. */
    public void setAttribute(String name, Serializable value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value (use removeAttribute to remove one)");
        ownAttributes().put(name, value);
        dirtyAttributes.add(name);
    }

    public void removeAttribute(String name) {
        // no copy of a shared map for a name it does not hold (a value is never null)
        if (attributes.containsKey(name)) {
            ownAttributes().remove(name);
            dirtyAttributes.add(name);
        }
    }

    public Set<String> attributeNames() {
        return Set.copyOf(attributes.keySet());
    }

    public Set<String> dirtyAttributes() {
        return Set.copyOf(dirtyAttributes);
    }

    /** True from the moment this node took the session over until its next replication: old copies are stale. */
    public boolean ownerChanged() {
        return ownerChanged;
    }

    /**
     * Whether the next update has anything to tell the backups: changed attributes, a new owner, or only that the
     * session was used, once the last replication is older than {@code maxUnreplicated}.
     */
    public boolean needsReplication(Instant now, Duration maxUnreplicated) {
        return !dirtyAttributes.isEmpty() || ownerChanged || resendDue
                || !now.isBefore(lastReplicated.plus(maxUnreplicated));
    }

    /** The dirty attributes' current values: what an attribute-granularity update carries. */
    public Map<String, Serializable> dirtyValues() {
        Map<String, Serializable> values = new HashMap<>();
        for (String name : dirtyAttributes) {
            Serializable value = attributes.get(name);
            if (value != null) {
                values.put(name, value);
            }
        }
        return values;
    }

    /** Dirty attributes that no longer exist: removals an attribute-granularity update carries. */
    public Set<String> removedAttributes() {
        Set<String> removed = new HashSet<>(dirtyAttributes);
        removed.removeAll(attributes.keySet());
        return removed;
    }

    public SessionSnapshot snapshot() {
        return new SessionSnapshot(id, version, owner, created.toEpochMilli(), lastAccess.toEpochMilli(), attributes);
    }

    void touch(Instant now) {
        lastAccess = now;
    }

    void takeOwnership(NodeId newOwner) {
        if (!owner.equals(newOwner)) {
            owner = newOwner;
            ownerChanged = true;
        }
    }

    /** Every replicated write, an ownership move included, gets a new version so backups can drop stale copies. */
    void advanceVersion() {
        version++;
    }

    /**
     * A send taken from this session failed after it was marked replicated: the next one must go even if nothing
     * is dirty by then.
     */
    void replicationFailed() {
        resendDue = true;
    }

    void markReplicated(Instant now) {
        resendDue = false;
        dirtyAttributes.clear();
        ownerChanged = false;
        lastReplicated = now;
    }

    /** Applies an attribute update whose base is the version held; the caller checked that. */
    void applyDelta(long newVersion, NodeId newOwner, long lastAccessEpochMs, Map<String, Serializable> changed,
                    Set<String> removed) {
        version = newVersion;
        owner = newOwner;
        lastAccess = Instant.ofEpochMilli(lastAccessEpochMs);
        ownAttributes().putAll(changed);
        attributes.keySet().removeAll(removed);
        footprint = ReplicaFootprint.of(attributes);
    }

    void applySnapshot(SessionSnapshot snapshot) {
        version = snapshot.version();
        owner = snapshot.owner();
        lastAccess = Instant.ofEpochMilli(snapshot.lastAccessEpochMs());
        attributes = snapshot.attributes();
        attributesShared = true;
        dirtyAttributes.clear();
        ownerChanged = false;
        footprint = ReplicaFootprint.of(attributes);
    }

    /** The attributes to change: the session's own map, made from the shared one at its first change. */
    private Map<String, Serializable> ownAttributes() {
        if (attributesShared) {
            attributes = new HashMap<>(attributes);
            attributesShared = false;
        }
        return attributes;
    }

    /** Estimates the heap this copy holds now, as its owner replicates it. */
    void measureFootprint() {
        footprint = ReplicaFootprint.of(attributes);
    }

    /**
     * The estimated heap of this copy as last applied from a replica, or as its owner last replicated it; 0 for a
     * session created here and not replicated yet.
     */
    long footprint() {
        return footprint;
    }
}

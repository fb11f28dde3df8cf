package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;

import java.io.Serializable;
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
 * the {@link SessionStore} takes for a request and for an incoming replica, so one session's updates are serial.
 */
public final class Session {
    final ReentrantLock lock = new ReentrantLock();

    private final SessionId id;
    private final Instant created;
    private final Map<String, Serializable> attributes;
    private final Set<String> dirtyAttributes = new HashSet<>();
    private long version;
    private volatile NodeId owner; // volatile: SessionStore.counts() samples it without the lock
    private Instant lastAccess;
    private boolean ownerChanged;

    Session(SessionId id, NodeId owner, Instant created) {
        this.id = Objects.requireNonNull(id, "id");
        this.owner = Objects.requireNonNull(owner, "owner");
        this.created = created;
        this.lastAccess = created;
        this.attributes = new HashMap<>();
    }

    static Session fromSnapshot(SessionSnapshot snapshot) {
        var session = new Session(snapshot.id(), snapshot.owner(), Instant.ofEpochMilli(snapshot.createdEpochMs()));
        session.applySnapshot(snapshot);
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

    public Optional<Serializable> getAttribute(String name) {
        return Optional.ofNullable(attributes.get(name));
    }

    /** Stores a value and marks it dirty: only a {@code setAttribute} tells replication that something changed. */
    public void setAttribute(String name, Serializable value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value (use removeAttribute to remove one)");
        attributes.put(name, value);
        dirtyAttributes.add(name);
    }

    public void removeAttribute(String name) {
        if (attributes.remove(name) != null) {
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

    /** Whether the next update has anything to tell the backups: changed attributes or a new owner. */
    public boolean needsReplication() {
        return !dirtyAttributes.isEmpty() || ownerChanged;
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

    void markReplicated() {
        dirtyAttributes.clear();
        ownerChanged = false;
    }

    void applySnapshot(SessionSnapshot snapshot) {
        version = snapshot.version();
        owner = snapshot.owner();
        lastAccess = Instant.ofEpochMilli(snapshot.lastAccessEpochMs());
        attributes.clear();
        attributes.putAll(snapshot.attributes());
        dirtyAttributes.clear();
        ownerChanged = false;
    }
}

package io.replsim.replication.infinispan;

import io.replsim.replication.SessionId;
import io.replsim.replication.marshalling.RejectedMessageException;
import io.replsim.replication.message.SessionMetadata;
import io.replsim.replication.session.Session;
import io.replsim.replication.message.SessionSnapshot;
import org.infinispan.AdvancedCache;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * ATTRIBUTE granularity (WildFly's fine granularity): one entry per attribute plus the session's metadata entry. A
 * request writes the metadata and only the attributes it dirtied, and removes the ones it removed: an attribute
 * changed in place without {@code setAttribute} is not dirty under the SET trigger, so its entry keeps the old value.
 */
record AttributeEntries(CacheMarshalling marshalling) implements SessionEntries {

    @Override
    public void write(AdvancedCache<String, byte[]> cache, Session session) {
        SessionId id = session.id();
        Map<String, byte[]> entries = new HashMap<>();
        entries.put(SessionKeys.session(id), marshalling.marshal(new SessionMetadata(id, session.version(),
                session.owner(), session.created().toEpochMilli(), session.lastAccess().toEpochMilli(),
                session.attributeNames())));
        session.dirtyValues().forEach((name, value) -> entries.put(SessionKeys.attribute(id, name),
                marshalling.marshal(value)));
        // Grouping puts every entry of the session on the same owners: one command to them, not one per entry.
        cache.putAll(entries);
        for (String removed : session.removedAttributes()) {
            cache.remove(SessionKeys.attribute(id, removed));
        }
    }

    /** The metadata entry first: without it a reader finds no session, whatever attribute entries are left. */
    @Override
    public void remove(AdvancedCache<String, byte[]> cache, Session session) {
        SessionId id = session.id();
        cache.remove(SessionKeys.session(id));
        for (String name : session.attributeNames()) {
            cache.remove(SessionKeys.attribute(id, name));
        }
        for (String removed : session.removedAttributes()) {
            cache.remove(SessionKeys.attribute(id, removed));
        }
    }

    @Override
    public Optional<SessionSnapshot> read(AdvancedCache<String, byte[]> cache, SessionId id)
            throws RejectedMessageException {
        byte[] metadataBytes = cache.get(SessionKeys.session(id));
        if (metadataBytes == null) {
            return Optional.empty();
        }
        SessionMetadata metadata = marshalling.unmarshal(metadataBytes, SessionMetadata.class);
        if (!metadata.id().equals(id)) {
            throw new RejectedMessageException(metadata.id().value(), "the entry of " + id + " holds another session",
                    null);
        }
        Set<String> keys = metadata.attributeNames().stream().map(name -> SessionKeys.attribute(id, name))
                .collect(Collectors.toSet());
        Map<String, byte[]> values = keys.isEmpty() ? Map.of() : cache.getAll(keys);
        Map<String, Serializable> attributes = new HashMap<>();
        for (String name : metadata.attributeNames()) {
            byte[] bytes = values.get(SessionKeys.attribute(id, name));
            // An entry missing here was lost with its owners: the session comes back without it, and the
            // application (or the run's oracle) sees what is missing rather than an error.
            if (bytes != null) {
                attributes.put(name, marshalling.unmarshal(bytes, Serializable.class));
            }
        }
        return Optional.of(new SessionSnapshot(id, metadata.version(), metadata.owner(), metadata.createdEpochMs(),
                metadata.lastAccessEpochMs(), attributes));
    }
}

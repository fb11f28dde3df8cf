package io.replsim.replication.infinispan;

import io.replsim.replication.SessionId;
import io.replsim.replication.marshalling.RejectedMessageException;
import io.replsim.replication.session.Session;
import io.replsim.replication.message.SessionSnapshot;
import org.infinispan.AdvancedCache;

import java.util.Optional;

/** SESSION granularity: the whole session is one entry, rewritten whenever a request changed it. */
record WholeSessionEntries(CacheMarshalling marshalling) implements SessionEntries {

    @Override
    public void write(AdvancedCache<String, byte[]> cache, Session session) {
        cache.put(SessionKeys.session(session.id()), marshalling.marshal(session.snapshot()));
    }

    @Override
    public void remove(AdvancedCache<String, byte[]> cache, Session session) {
        cache.remove(SessionKeys.session(session.id()));
    }

    @Override
    public Optional<SessionSnapshot> read(AdvancedCache<String, byte[]> cache, SessionId id)
            throws RejectedMessageException {
        byte[] bytes = cache.get(SessionKeys.session(id));
        if (bytes == null) {
            return Optional.empty();
        }
        SessionSnapshot snapshot = marshalling.unmarshal(bytes, SessionSnapshot.class);
        if (!snapshot.id().equals(id)) {
            throw new RejectedMessageException(snapshot.id().value(), "the entry of " + id + " holds another session",
                    null);
        }
        return Optional.of(snapshot);
    }
}

package io.replsim.replication.infinispan;

import io.replsim.replication.SessionId;
import io.replsim.replication.marshalling.RejectedMessageException;
import io.replsim.replication.session.Session;
import io.replsim.replication.message.SessionSnapshot;
import org.infinispan.AdvancedCache;

import java.util.Optional;

/** How one session is laid out in the cache: written after a request, read back by the next one. */
sealed interface SessionEntries permits WholeSessionEntries, AttributeEntries {

    /** Writes what the request changed; with a sync cache, returns once every owner holds it. */
    void write(AdvancedCache<String, byte[]> cache, Session session);

    /** Removes every entry of the session; with a sync cache, returns once every owner dropped them. */
    void remove(AdvancedCache<String, byte[]> cache, Session session);

    Optional<SessionSnapshot> read(AdvancedCache<String, byte[]> cache, SessionId id) throws RejectedMessageException;
}

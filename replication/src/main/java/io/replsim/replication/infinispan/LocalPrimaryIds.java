package io.replsim.replication.infinispan;

import io.replsim.replication.SessionId;
import io.replsim.replication.session.SessionIdGenerator;
import org.infinispan.AdvancedCache;

import java.util.function.Supplier;

/**
 * New session ids whose primary owner is this member (WildFly's key affinity): with a sticky balancer the member
 * serving a session is also where its entry lives, so requests read and write it locally and only backups travel.
 */
final class LocalPrimaryIds implements Supplier<SessionId> {
    /** With 16 members a random id is local 1 time in 16; this many tries miss about once in 10^7. */
    private static final int MAX_TRIES = 256;

    private final AdvancedCache<String, byte[]> cache;
    private final SessionIdGenerator ids = new SessionIdGenerator();

    LocalPrimaryIds(AdvancedCache<String, byte[]> cache) {
        this.cache = cache;
    }

    @Override
    public SessionId get() {
        SessionId id = ids.next();
        for (int attempt = 1; attempt < MAX_TRIES && !primaryHere(id); attempt++) {
            id = ids.next();
        }
        // After MAX_TRIES (a topology in flux) any id will do: the entry then lives elsewhere, which still works.
        return id;
    }

    private boolean primaryHere(SessionId id) {
        return cache.getDistributionManager().getCacheTopology().getDistribution(SessionKeys.session(id)).isPrimary();
    }
}

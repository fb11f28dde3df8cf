package io.replsim.replication.session;

import io.replsim.replication.SessionId;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The sessions changed since the last interval's send (snapshot mode interval), each once however many requests
 * changed it: the send reads each session's latest state, so a second request's changes ride with the first's.
 */
final class QueuedSnapshots {
    private final Set<SessionId> queued = ConcurrentHashMap.newKeySet();
    /** Taken by the round under way and not done yet: their update may still be on the wire. */
    private final Set<SessionId> sending = ConcurrentHashMap.newKeySet();
    private final LongAdder coalesced = new LongAdder();

    /** Queues the session; a request whose session is queued already is counted as coalesced. */
    void queue(SessionId id) {
        if (!queued.add(id)) {
            coalesced.increment();
        }
    }

    /** Queued again after a send that could not happen (its lock was held, or the backups did not answer). */
    void retry(SessionId id) {
        queued.add(id);
    }

    /** Takes every queued session; those queued from now on wait for the next send. */
    List<SessionId> drain() {
        List<SessionId> taken = new ArrayList<>();
        for (SessionId id : queued) {
            // Marked as being sent before it leaves the queue, so contains never misses it in between.
            sending.add(id);
            if (queued.remove(id)) {
                taken.add(id);
            } else {
                sending.remove(id);
            }
        }
        return taken;
    }

    /** The round is done with a session it took: sent, skipped, or queued again. */
    void done(SessionId id) {
        sending.remove(id);
    }

    /** Whether the session waits for a send or is in the round under way. */
    boolean contains(SessionId id) {
        return queued.contains(id) || sending.contains(id);
    }

    int size() {
        return queued.size();
    }

    long coalesced() {
        return coalesced.sum();
    }
}

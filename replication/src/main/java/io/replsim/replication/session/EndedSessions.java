package io.replsim.replication.session;

import io.replsim.replication.SessionId;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sessions invalidated lately, each with the version it ended at. Replicas travel unordered (OOB messages, an
 * async queue per destination), so an update sent before the end can arrive after it; without this memory it
 * would bring the copy back and nothing would ever remove it. Remembered for a while only, so its size follows the
 * rate of logouts, not the length of the run.
 */
final class EndedSessions {
    static final Duration DEFAULT_MEMORY = Duration.ofSeconds(60);

    private record End(SessionId id, long version, Instant at) {}

    private final Duration memory;
    private final Clock clock;
    private final ConcurrentHashMap<SessionId, Long> endedAt = new ConcurrentHashMap<>();
    private final ArrayDeque<End> oldestFirst = new ArrayDeque<>();

    EndedSessions(Duration memory, Clock clock) {
        this.memory = Objects.requireNonNull(memory, "memory");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    synchronized void ended(SessionId id, long version) {
        Instant now = clock.instant();
        endedAt.merge(id, version, Math::max);
        oldestFirst.addLast(new End(id, version, now));
        Instant cutoff = now.minus(memory);
        while (!oldestFirst.isEmpty() && oldestFirst.peekFirst().at().isBefore(cutoff)) {
            End old = oldestFirst.removeFirst();
            endedAt.remove(old.id(), old.version());
        }
    }

    /** Whether a replica of {@code id} at {@code version} was made before the session ended. */
    boolean endedBy(SessionId id, long version) {
        Long ended = endedAt.get(id);
        return ended != null && version <= ended;
    }

    /** Whether the session ended here lately, at any version. */
    boolean endedLately(SessionId id) {
        return endedAt.containsKey(id);
    }

    /** How many ends are remembered now. */
    int size() {
        return endedAt.size();
    }
}

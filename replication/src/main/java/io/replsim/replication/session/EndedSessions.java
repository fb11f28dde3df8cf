package io.replsim.replication.session;

import io.replsim.replication.SessionId;
import io.replsim.replication.SessionLifecycle;
import io.replsim.replication.message.EndCause;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sessions invalidated or expired lately, each with the version it ended at and why. Replicas travel unordered (OOB
 * messages, an async queue per destination), so an update sent before the end can arrive after it; without this
 * memory it would bring the copy back and nothing would ever remove it. The cause lets a member tell a returning
 * user its session expired. Remembered for a while only, so its size follows the rate of ends, not the length of the
 * run.
 */
final class EndedSessions {
    static final Duration DEFAULT_MEMORY = Duration.ofSeconds(60);

    private record End(SessionId id, long version, EndCause cause, Instant at) {}

    private final Duration memory;
    private final Clock clock;
    private final ConcurrentHashMap<SessionId, End> ends = new ConcurrentHashMap<>();
    private final ArrayDeque<End> oldestFirst = new ArrayDeque<>();

    EndedSessions(Duration memory, Clock clock) {
        this.memory = Objects.requireNonNull(memory, "memory");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Ends remembered for a minute, or for the maximum inactive interval when longer, so a user who comes back up to
     * twice the interval after its last request still hears its session expired.
     */
    static EndedSessions under(SessionLifecycle lifecycle, Clock clock) {
        Duration memory = lifecycle.maxInactiveInterval().filter(interval -> interval.compareTo(DEFAULT_MEMORY) > 0)
                .orElse(DEFAULT_MEMORY);
        return new EndedSessions(memory, clock);
    }

    /** A logout. */
    void ended(SessionId id, long version) {
        ended(id, version, EndCause.INVALIDATED);
    }

    synchronized void ended(SessionId id, long version, EndCause cause) {
        Instant now = clock.instant();
        End end = new End(id, version, cause, now);
        // The highest version ended wins; at the same version the latest word on the cause.
        ends.merge(id, end, (held, fresh) -> fresh.version() >= held.version() ? fresh : held);
        oldestFirst.addLast(end);
        Instant cutoff = now.minus(memory);
        while (!oldestFirst.isEmpty() && oldestFirst.peekFirst().at().isBefore(cutoff)) {
            End old = oldestFirst.removeFirst();
            ends.remove(old.id(), old);
        }
    }

    /** Whether a replica of {@code id} at {@code version} was made before the session ended. */
    boolean endedBy(SessionId id, long version) {
        End end = ends.get(id);
        return end != null && version <= end.version();
    }

    /** Whether the session ended here lately, at any version. */
    boolean endedLately(SessionId id) {
        return ends.containsKey(id);
    }

    /** Whether the session's last remembered end was an expiry. */
    boolean expiredLately(SessionId id) {
        End end = ends.get(id);
        return end != null && end.cause() == EndCause.EXPIRED;
    }

    /** How many ends are remembered now. */
    int size() {
        return ends.size();
    }
}

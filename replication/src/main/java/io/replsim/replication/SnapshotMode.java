package io.replsim.replication;

import io.replsim.settings.Choices;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * When a session's changes leave for its backups: JBoss AS 5's {@code snapshot-mode}. {@link Instant} (the default,
 * and replsim's only behaviour before this choice) replicates at the end of every request that changed the session,
 * on the request's thread. {@link Interval} only marks the session as changed; a background task sends every marked
 * session once per period with its state at that moment, so the changes of all the requests in between travel as one
 * update, later, and no request waits for a backup.
 */
public sealed interface SnapshotMode {
    SnapshotMode INSTANT = new Instant();
    /** JBoss AS 5's {@code snapshot-interval} default, 1000 ms. */
    Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

    /** {@code instant} or {@code interval}: the scenario file's and the command line's spelling. */
    String label();

    /** Replicate at each request's end. */
    record Instant() implements SnapshotMode {
        @Override
        public String label() {
            return "instant";
        }
    }

    /** Replicate what changed every {@code period}, one update per changed session. */
    record Interval(Duration period) implements SnapshotMode {
        public Interval {
            Objects.requireNonNull(period, "period");
            if (!period.isPositive()) {
                throw new IllegalArgumentException("a snapshot interval must be positive, got " + period);
            }
        }

        @Override
        public String label() {
            return "interval";
        }
    }

    /** Each mode by its label; {@code interval} has the default period, which is a setting of its own. */
    Choices<SnapshotMode> CHOICES = new Choices<>(List.of(INSTANT, new Interval(DEFAULT_INTERVAL)),
            SnapshotMode::label);
}

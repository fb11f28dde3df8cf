package io.replsim.replication.message;

import java.util.Objects;

/** The whole session, as the session-granularity scope sends it. */
public record WholeSessionUpdate(SessionSnapshot snapshot) implements SessionUpdate {
    public WholeSessionUpdate {
        Objects.requireNonNull(snapshot, "snapshot");
    }
}

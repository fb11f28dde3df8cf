package io.replsim.probe;

import java.util.Optional;

/** What one probe request did to its session, and what the probe saw of it. */
sealed interface ProbeOutcome {

    /**
     * Answered: the serial and the digest of the whole session as the request left it; {@code read} is the damage
     * the probe found in what it read (against the model at the serial it read), {@code answered} the damage left
     * in what it answers (against the model at the serial it answers; the driver judges the same); {@code list} the
     * session's list of recorded requests as {@code X-Replsim-List} shows it, when the request was one of a recorded
     * history ({@link RequestList}).
     */
    record Answered(long serial, String digest, boolean created, Damage read, Damage answered, Optional<String> list)
            implements ProbeOutcome {
        boolean damaged() {
            return !read.isNone() || !answered.isNone();
        }
    }

    /** The session cannot be judged: the serial (or the bean) is missing or of another type, or a value has no form. */
    record Unreadable(String reason) implements ProbeOutcome {
    }
}

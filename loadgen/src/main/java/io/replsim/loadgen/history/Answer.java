package io.replsim.loadgen.history;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an acknowledged request's answer said.
 *
 * @param session            the session the answer belongs to (after a lost or expired session, a new one)
 * @param read               the session's list as the answer showed it, after the request's own append; empty when
 *                           the answer carried no list the driver could read (such a request is not judged)
 * @param sentSessionExpired whether the node said the session the request carried had expired
 */
public record Answer(String session, Optional<List<Long>> read, boolean sentSessionExpired) {

    public Answer {
        Objects.requireNonNull(session, "session");
        read = read.map(List::copyOf);
    }
}

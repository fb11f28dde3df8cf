package io.replsim.loadgen.record;

import io.replsim.loadgen.check.SessionOutcome;
import io.replsim.loadgen.check.VerdictMark;

import java.util.List;

/**
 * Where one user's requests went, in order: stints of responses per node and runs of failures. From these a runner
 * finds the users a fault affected and their failover times; the driver itself never hears about faults.
 *
 * @param user     the user's index, from 0
 * @param failures failure runs in order; an addition to §4 of the interface doc, so a runner sees a user's first
 *                 failed request after a fault
 * @param marks    every response judged STALE, LOST or CORRUPT, in order (at most
 *                 {@link #MAX_MARKS}: the first ones are kept, a user past that many is broken anyway)
 * @param sessions every session the user held and judged one request at a time, and every attempt never served, in
 *                 order (none with tabs: the history judges those)
 */
public record UserTimeline(int user, List<Stint> stints, List<Failure> failures, List<VerdictMark> marks,
                           List<SessionOutcome> sessions) {

    public static final int MAX_MARKS = 1000;

    public UserTimeline {
        stints = List.copyOf(stints);
        failures = List.copyOf(failures);
        marks = List.copyOf(marks);
        sessions = List.copyOf(sessions);
    }

    /** A timeline whose sessions are not told. */
    public UserTimeline(int user, List<Stint> stints, List<Failure> failures, List<VerdictMark> marks) {
        this(user, stints, failures, marks, List.of());
    }

    /** The same timeline with the user's {@code sessions}. */
    public UserTimeline withSessions(List<SessionOutcome> sessions) {
        return new UserTimeline(user, stints, failures, marks, sessions);
    }

    /** A timeline of a user that never saw a STALE or LOST response. */
    public UserTimeline(int user, List<Stint> stints, List<Failure> failures) {
        this(user, stints, failures, List.of());
    }
}

package io.replsim.loadgen.check;

/**
 * {@code 200} responses by verdict: OK (serial moved forward), STALE (same session, serial not past the last one
 * seen), LOST (a different or re-created session), CORRUPT (same session, different payload digest), EXPIRED (a new
 * session after the user was idle longer than the nodes' maximum inactive interval).
 */
public record ResponseVerdictCounts(long ok, long stale, long lost, long corrupt, long expired) {

    public static final ResponseVerdictCounts NONE = new ResponseVerdictCounts(0, 0, 0, 0, 0);

    /** None expired. */
    public ResponseVerdictCounts(long ok, long stale, long lost, long corrupt) {
        this(ok, stale, lost, corrupt, 0);
    }

    public long total() {
        return ok + stale + lost + corrupt + expired;
    }

    public ResponseVerdictCounts plus(ResponseVerdictCounts other) {
        return new ResponseVerdictCounts(ok + other.ok, stale + other.stale, lost + other.lost,
                corrupt + other.corrupt, expired + other.expired);
    }
}

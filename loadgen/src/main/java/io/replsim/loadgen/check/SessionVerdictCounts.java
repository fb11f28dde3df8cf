package io.replsim.loadgen.check;

/**
 * Sessions by their worst verdict (LOST over FAILED over CORRUPT over STALE over EXPIRED over OK), counting every
 * session any user ever held. {@code expired}: sessions that ended because their user stayed idle longer than the
 * nodes' maximum inactive interval, as configured. {@code neverServed}: a user's attempts at a session that got
 * outcomes (server errors, failures, refusals) but no answer to judge, so the user never held the session: not
 * among the judged sessions, since there was nothing to judge, and counted as lost ({@link #countedAsLost()}).
 */
public record SessionVerdictCounts(long ok, long stale, long lost, long corrupt, long failed, long expired,
                                   long neverServed) {

    public static final SessionVerdictCounts NONE = new SessionVerdictCounts(0, 0, 0, 0, 0, 0, 0);

    /** Every attempt served. */
    public SessionVerdictCounts(long ok, long stale, long lost, long corrupt, long failed, long expired) {
        this(ok, stale, lost, corrupt, failed, expired, 0);
    }

    /** None expired, every attempt served. */
    public SessionVerdictCounts(long ok, long stale, long lost, long corrupt, long failed) {
        this(ok, stale, lost, corrupt, failed, 0);
    }

    /** Sessions that were OK, STALE or LOST only. */
    public SessionVerdictCounts(long ok, long stale, long lost) {
        this(ok, stale, lost, 0, 0);
    }

    /** The judged sessions: those a user held, whatever their verdict; the attempts never served are not among them. */
    public long total() {
        return ok + stale + lost + corrupt + failed + expired;
    }

    /**
     * What {@code maxSessionsLost} counts: the sessions whose state the user did not get back whole (LOST, CORRUPT,
     * FAILED) and the attempts never served, whose user got no session at all.
     */
    public long countedAsLost() {
        return lost + corrupt + failed + neverServed;
    }

    public SessionVerdictCounts plus(SessionVerdictCounts other) {
        return new SessionVerdictCounts(ok + other.ok, stale + other.stale, lost + other.lost,
                corrupt + other.corrupt, failed + other.failed, expired + other.expired,
                neverServed + other.neverServed);
    }
}

package io.replsim.loadgen.check;

/**
 * Sessions by their worst verdict (LOST over FAILED over CORRUPT over STALE over EXPIRED over OK), counting every
 * session any user ever held. {@code expired}: sessions that ended because their user stayed idle longer than the
 * nodes' maximum inactive interval, as configured.
 */
public record SessionVerdictCounts(long ok, long stale, long lost, long corrupt, long failed, long expired) {

    public static final SessionVerdictCounts NONE = new SessionVerdictCounts(0, 0, 0, 0, 0, 0);

    /** None expired. */
    public SessionVerdictCounts(long ok, long stale, long lost, long corrupt, long failed) {
        this(ok, stale, lost, corrupt, failed, 0);
    }

    /** Sessions that were OK, STALE or LOST only. */
    public SessionVerdictCounts(long ok, long stale, long lost) {
        this(ok, stale, lost, 0, 0);
    }

    public long total() {
        return ok + stale + lost + corrupt + failed + expired;
    }

    /** The sessions whose state the user did not get back whole: LOST, CORRUPT or FAILED. */
    public long lostCorruptOrFailed() {
        return lost + corrupt + failed;
    }

    public SessionVerdictCounts plus(SessionVerdictCounts other) {
        return new SessionVerdictCounts(ok + other.ok, stale + other.stale, lost + other.lost,
                corrupt + other.corrupt, failed + other.failed, expired + other.expired);
    }
}

package io.replsim.loadgen;

/**
 * Sessions by their worst response (LOST over STALE over OK), counting every session any user ever held. A
 * session whose payload digest changed counts as lost.
 */
public record SessionVerdictCounts(long ok, long stale, long lost) {

    public static final SessionVerdictCounts NONE = new SessionVerdictCounts(0, 0, 0);

    public long total() {
        return ok + stale + lost;
    }

    public SessionVerdictCounts plus(SessionVerdictCounts other) {
        return new SessionVerdictCounts(ok + other.ok, stale + other.stale, lost + other.lost);
    }
}

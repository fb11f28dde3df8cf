package io.replsim.loadgen.check;

/**
 * How the users a run started came out, each in exactly one class: served (it held at least one judged session) or
 * never served (its attempts got outcomes, server errors, failures or refusals, and never an answer to judge). An
 * open-model run's users are its sessions.
 *
 * <p>{@code started} is counted by the driver apart from the verdicts: a user whose first request got an outcome.
 * So {@link #accountedFor()} checks the bookkeeping itself: a user started and in neither class would be a user no
 * verdict speaks for, which is how an all-503 run once passed its session checks with {@code 0 OK 0 LOST}.
 */
public record UsersServed(long started, long served, long neverServed) {

    public static final UsersServed NONE = new UsersServed(0, 0, 0);

    /** One user: whether its first request got an outcome, and its sessions' verdicts. */
    public static UsersServed ofUser(boolean started, SessionVerdictCounts verdicts) {
        boolean served = verdicts.total() > 0;
        return new UsersServed(started ? 1 : 0, served ? 1 : 0, !served && verdicts.neverServed() > 0 ? 1 : 0);
    }

    /** Whether every user started is served or never served, and none is both or neither. */
    public boolean accountedFor() {
        return served + neverServed == started;
    }

    public UsersServed plus(UsersServed other) {
        return new UsersServed(started + other.started, served + other.served, neverServed + other.neverServed);
    }
}

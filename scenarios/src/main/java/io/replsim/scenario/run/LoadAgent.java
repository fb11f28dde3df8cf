package io.replsim.scenario.run;

import io.replsim.loadgen.profile.UserShare;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Objects;

/**
 * One of several load agents that drive one cluster together ({@code replsim agent}): which of the scenario's users
 * it runs, when every agent starts its load, and the seed all of them draw from, so that the agents' users together
 * are a single driver's users with a single driver's draws.
 *
 * @param share   this agent's users
 * @param startAt when every agent starts its load (its ramp-up counts from here)
 * @param seed    every user {@code i} draws from {@code seed + i}, whichever agent runs it
 */
public record LoadAgent(UserShare share, Instant startAt, int seed) {

    /**
     * How late an agent may be told to start: a start further in the past would leave this agent's users behind the
     * others' by more than a second of a ramp-up, so it is refused rather than started late.
     */
    public static final Duration LATE_AT_MOST = Duration.ofSeconds(2);

    public LoadAgent {
        Objects.requireNonNull(share, "share");
        Objects.requireNonNull(startAt, "startAt");
    }

    /** The seed every agent of a run given {@code startAt} draws from unless told another: its epoch second. */
    public static int seedOf(Instant startAt) {
        return (int) startAt.getEpochSecond();
    }

    /** The run directory's name for this agent's share of {@code scenario}: {@code quickstart-agent1of2}. */
    String runName(String scenario) {
        return scenario + "-agent" + share.agent() + "of" + share.agents();
    }

    /**
     * Sleeps until the common start; returns at once when it has passed by at most {@link #LATE_AT_MOST}.
     *
     * @throws IllegalStateException when the start passed longer ago than that (the target's check took too long)
     */
    void awaitStart(InstantSource clock) throws InterruptedException {
        Duration wait = Duration.between(clock.instant(), startAt);
        if (wait.compareTo(LATE_AT_MOST.negated()) < 0) {
            throw new IllegalStateException("agent " + share + ": the common start " + startAt + " passed "
                    + wait.negated().toMillis() + " ms ago, before the cluster was ready; start the agents again"
                    + " with a --start-at further ahead");
        }
        if (wait.isPositive()) {
            Thread.sleep(wait);
        }
    }
}

package io.replsim.loadgen.profile;

import java.util.OptionalInt;
import java.util.stream.IntStream;

/**
 * Which of a load's users one driver runs when several load agents share it: agent {@code agent} of
 * {@code agents} runs the users whose index (from 0) leaves {@code agent - 1} divided by {@code agents}. Every user
 * keeps its index, so its start in the ramp-up and its seed are those a single driver gives it, and the agents'
 * shares together are the single driver's users, each once. Interleaved rather than in blocks so that every agent's
 * users start across the whole ramp-up.
 *
 * @param agent  this agent, from 1
 * @param agents how many agents share the load, at least 1
 */
public record UserShare(int agent, int agents) {

    /** One driver runs every user. */
    public static final UserShare WHOLE = new UserShare(1, 1);

    public UserShare {
        if (agents < 1 || agent < 1 || agent > agents) {
            throw new IllegalArgumentException("agent " + agent + "/" + agents + ": expected i/n with n at least 1"
                    + " and i from 1 to n, such as 1/2 and 2/2 for two agents");
        }
    }

    /** The indices of the users this share runs, of a load of {@code users}, in order. */
    public IntStream indices(int users) {
        return IntStream.iterate(agent - 1, i -> i < users, i -> i + agents);
    }

    /** How many of a load of {@code users} this share runs (none when there are fewer users than agents). */
    public int count(int users) {
        return users < agent ? 0 : (users - agent) / agents + 1;
    }

    /** Where user {@code user} of the load is among this share's users, or empty when another agent runs it. */
    public OptionalInt positionOf(int user) {
        return user >= 0 && user % agents == agent - 1 ? OptionalInt.of(user / agents) : OptionalInt.empty();
    }

    @Override
    public String toString() {
        return agent + "/" + agents;
    }
}

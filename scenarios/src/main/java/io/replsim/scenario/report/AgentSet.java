package io.replsim.scenario.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * What makes several agents' runs one load: the same scenario file, common start and seed, the same number of
 * agents, and each agent from 1 to that number once. A merge of anything less would be a run no single driver played
 * (users missing or counted twice), so it is refused, naming the agents that differ.
 */
final class AgentSet {

    private AgentSet() {
    }

    static void requireOneLoad(List<AgentRun> agents) throws UnreadableRunException {
        if (agents.isEmpty()) {
            throw new UnreadableRunException("no agent directories to merge: name every agent's run directory");
        }
        AgentRun first = agents.getFirst();
        requireSame(agents, "a number of agents", agent -> String.valueOf(agent.agent().agents()));
        requireSame(agents, "a --start-at", agent -> agent.agent().startAt());
        requireSame(agents, "a --seed", agent -> String.valueOf(agent.agent().seed()));
        for (AgentRun agent : agents) {
            if (!sameScenario(first, agent)) {
                throw new UnreadableRunException(agent.name() + " played another scenario than " + first.name()
                        + " (their scenario.yaml differ): merge the agents of one run only");
            }
        }
        int count = first.agent().agents();
        for (int i = 1; i <= count; i++) {
            int number = i;
            List<AgentRun> same = agents.stream().filter(agent -> agent.agent().agent() == number).toList();
            if (same.size() > 1) {
                throw new UnreadableRunException("agent " + number + "/" + count + " is given twice: "
                        + same.get(0).directory() + " and " + same.get(1).directory() + "; name each agent's"
                        + " directory once");
            }
            if (same.isEmpty()) {
                throw new UnreadableRunException("agent " + number + "/" + count + " is missing: the merged run would"
                        + " lack its users; name every agent's directory, 1 to " + count);
            }
        }
    }

    private static void requireSame(List<AgentRun> agents, String what, Function<AgentRun, String> value)
            throws UnreadableRunException {
        AgentRun first = agents.getFirst();
        Optional<AgentRun> other = agents.stream()
                .filter(agent -> !value.apply(agent).equals(value.apply(first))).findFirst();
        if (other.isPresent()) {
            throw new UnreadableRunException(other.get().name() + " was given " + what + " of "
                    + value.apply(other.get()) + ", " + first.name() + " " + value.apply(first)
                    + ": they are not agents of one run; merge the agents started together");
        }
    }

    private static boolean sameScenario(AgentRun first, AgentRun other) throws UnreadableRunException {
        try {
            return Files.mismatch(first.directory().resolve(AgentRun.SCENARIO),
                    other.directory().resolve(AgentRun.SCENARIO)) == -1;
        } catch (IOException e) {
            throw new UnreadableRunException("cannot compare the agents' scenario.yaml: " + e.getMessage());
        }
    }
}

package io.replsim.scenario.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.runtime.AdminOnlyRuntime;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.scenario.runtime.NodeState;
import io.replsim.scenario.runtime.ReadBackTerms;
import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.RestartSpec;
import io.replsim.scenario.spec.Schedule;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The one nemesis restarts a node as the runtime's read-back terms say a restart shows: as a new instance (a pid),
 * or, where a reading names no instance (a URL), with the node killed first and seen gone in between; where nothing
 * can kill it first, the restart of a node that is up is not confirmed, and says why.
 */
class RestartReadBackTest {
    private static final Schedule AT_ONCE = new Schedule.At(Duration.ZERO);
    private static final Duration WITHIN = Duration.ofMillis(300);

    @Test
    void aRestartOfAnUpNodeWhoseReadingNamesItsInstanceShowsAsANewOne() throws Exception {
        NodesReadBack runtime = new NodesReadBack(new ReadBackTerms.RestartShown.AsANewInstance(), true);
        RuntimeNemesis nemesis = new RuntimeNemesis(runtime);

        FaultEvidence evidence = nemesis.confirm(nemesis.inject(restart("a")));

        assertThat(runtime.calls).containsExactly("restart a");
        assertThat(evidence.confirmed()).as(evidence.seen()).isTrue();
        assertThat(evidence.seen()).isEqualTo("a is up as instance 2");
    }

    @Test
    void whereAReadingNamesNoInstanceAnUpNodeIsKilledFirstAndSeenGoneInBetween() throws Exception {
        NodesReadBack runtime = new NodesReadBack(new ReadBackTerms.RestartShown.DownInBetween(), false);
        RuntimeNemesis nemesis = new RuntimeNemesis(runtime);

        FaultEvidence evidence = nemesis.confirm(nemesis.inject(restart("a")));

        assertThat(runtime.calls).containsExactly("kill a", "restart a");
        assertThat(evidence.confirmed()).as(evidence.seen()).isTrue();
        assertThat(evidence.seen()).isEqualTo("a is down; a is up as instance 1");
    }

    @Test
    void aNodeAlreadyDownIsRestartedWithoutAnotherKill() throws Exception {
        NodesReadBack runtime = new NodesReadBack(new ReadBackTerms.RestartShown.DownInBetween(), false);
        RuntimeNemesis nemesis = new RuntimeNemesis(runtime);
        nemesis.inject(new KillSpec(AT_ONCE, new NodeSelector.Named("a")));

        FaultEvidence evidence = nemesis.confirm(nemesis.inject(restart("a")));

        assertThat(runtime.calls).containsExactly("kill a", "restart a");
        assertThat(evidence.confirmed()).as(evidence.seen()).isTrue();
        assertThat(evidence.seen()).isEqualTo("a is up as instance 1");
    }

    @Test
    void aNodeSeenGoneThatNeverAnswersAgainWasNotRestarted() throws Exception {
        NodesReadBack runtime = new NodesReadBack(new ReadBackTerms.RestartShown.DownInBetween(), false) {
            @Override
            public void restart(String node) {
                calls.add("restart " + node); // a restart command that starts nothing
            }
        };
        RuntimeNemesis nemesis = new RuntimeNemesis(runtime);

        FaultEvidence evidence = nemesis.confirm(nemesis.inject(restart("a")));

        assertThat(runtime.calls).containsExactly("kill a", "restart a");
        assertThat(evidence.confirmed()).as(evidence.seen()).isFalse();
        assertThat(evidence.seen()).startsWith("a is down; a not up again");
    }

    @Test
    void withNothingToKillItFirstARestartOfAnUpNodeIsNotConfirmedAndSaysWhy() throws Exception {
        NodesReadBack runtime = new NodesReadBack(new ReadBackTerms.RestartShown.NotShown("nothing kills it here"),
                false);
        RuntimeNemesis nemesis = new RuntimeNemesis(runtime);

        FaultEvidence evidence = nemesis.confirm(nemesis.inject(restart("a")));

        assertThat(runtime.calls).containsExactly("restart a");
        assertThat(evidence.confirmed()).isFalse();
        assertThat(evidence.seen()).isEqualTo("a was up and nothing kills it here");
    }

    private static RestartSpec restart(String node) {
        return new RestartSpec(AT_ONCE, new NodeSelector.Named(node));
    }

    /**
     * Nodes a and b, read back at once as what was last done to them: gone after a kill, up after a restart, as a
     * new instance or (as a URL reads) the same one.
     */
    private static class NodesReadBack extends AdminOnlyRuntime {
        private final ReadBackTerms.RestartShown restarts;
        private final boolean newInstanceOnRestart;
        private final Set<String> down = ConcurrentHashMap.newKeySet();
        private final Map<String, Integer> instances = new ConcurrentHashMap<>(Map.of("a", 1, "b", 1));
        final List<String> calls = new CopyOnWriteArrayList<>();

        NodesReadBack(ReadBackTerms.RestartShown restarts, boolean newInstanceOnRestart) {
            super(List.of("a", "b"));
            this.restarts = restarts;
            this.newInstanceOnRestart = newInstanceOnRestart;
        }

        @Override
        protected String answer(String node, String method, String path, String body) {
            throw new AssertionError("a restart asks no admin API");
        }

        @Override
        public ReadBackTerms readBack() {
            return new ReadBackTerms(WITHIN, WITHIN, restarts);
        }

        @Override
        public List<NodeHandle> liveNodes() {
            return nodes().stream().filter(node -> !down.contains(node.name())).toList();
        }

        @Override
        public void kill(String node) {
            calls.add("kill " + node);
            down.add(node);
        }

        @Override
        public void restart(String node) {
            calls.add("restart " + node);
            down.remove(node);
            if (newInstanceOnRestart) {
                instances.merge(node, 1, Integer::sum);
            }
        }

        @Override
        public NodeState state(String node) {
            String instance = String.valueOf(instances.get(node));
            return down.contains(node) ? new NodeState.Down(instance, node + " is down")
                    : new NodeState.Up(instance, node + " is up as instance " + instance);
        }
    }
}

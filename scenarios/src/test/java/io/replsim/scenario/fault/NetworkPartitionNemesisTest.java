package io.replsim.scenario.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.runtime.AdminOnlyRuntime;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.PartitionSpec;
import io.replsim.scenario.spec.Schedule;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * In a runtime that cuts networks (containers), a node alone on its side is taken off the network and put back at
 * the heal; a smaller side of several nodes, which must still hear each other, gets JGroups DISCARD instead.
 */
class NetworkPartitionNemesisTest {
    private final List<String> calls = new CopyOnWriteArrayList<>();
    private final ClusterRuntime containers = new NetworkCuttingRuntime(calls, List.of("node1", "node2", "node3",
            "node4"));
    private final RuntimeNemesis nemesis = new RuntimeNemesis(containers);

    @Test
    void aNodeIsolatedFromTheOthersLeavesTheNetworkAndComesBackAtTheHeal() throws Exception {
        var partition = new PartitionSpec(new Schedule.At(Duration.ofSeconds(5)),
                new PartitionSpec.Isolate(new NodeSelector.Named("node3")), Optional.of(Duration.ofSeconds(5)));

        Disruption cut = nemesis.inject(nemesis.aim(partition));
        nemesis.heal(cut);

        assertThat(cut.nodes()).containsExactly("node3");
        assertThat(calls).containsExactly("disconnect node3", "reconnect node3");
    }

    @Test
    void aSmallerSideOfTwoNodesIsCutByDiscardSoThatItsNodesStillHearEachOther() throws Exception {
        var partition = new PartitionSpec(new Schedule.At(Duration.ofSeconds(5)),
                new PartitionSpec.Named(List.of(List.of("node1", "node2", "node3"), List.of("node4"),
                        List.of("node5", "node6"))), Optional.empty());
        ClusterRuntime six = new NetworkCuttingRuntime(calls, List.of("node1", "node2", "node3", "node4", "node5",
                "node6"));

        new RuntimeNemesis(six).inject(partition);

        assertThat(calls).noneMatch(call -> call.startsWith("disconnect"))
                .contains("POST /admin/faults/discard node5", "POST /admin/faults/discard node6");
    }

    /** Records what it is asked to do; its nodes' admin APIs answer every request with an empty 200. */
    private static final class NetworkCuttingRuntime extends AdminOnlyRuntime {
        private final List<String> calls;

        NetworkCuttingRuntime(List<String> calls, List<String> names) {
            super(names);
            this.calls = calls;
        }

        @Override
        protected String answer(String node, String method, String path, String body) {
            calls.add(method + " " + path + " " + node);
            return "";
        }

        @Override
        public boolean cutsNetwork() {
            return true;
        }

        @Override
        public void disconnect(String node) {
            calls.add("disconnect " + node);
        }

        @Override
        public void reconnect(String node) {
            calls.add("reconnect " + node);
        }
    }
}

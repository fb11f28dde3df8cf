package io.replsim.scenario.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.runtime.AdminOnlyRuntime;
import io.replsim.scenario.runtime.NodeState;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A double kill took effect only when both of its nodes read gone: one survivor means no double failure. */
class DoubleKillReadBackTest {
    private static final Duration WITHIN = Duration.ofMillis(200);
    private static final Disruption.KilledPair PAIR = new Disruption.KilledPair("a", "b", Duration.ofMillis(100), 0);

    @Test
    void bothNodesGoneConfirmIt() throws Exception {
        FaultEvidence evidence = new NodeReadBack(new NodesReading(Set.of("a", "b")), WITHIN, WITHIN).confirm(PAIR);

        assertThat(evidence.confirmed()).as(evidence.seen()).isTrue();
        assertThat(evidence.seen()).isEqualTo("a is down; b is down");
    }

    @Test
    void aBuddyStillUpLeavesItUnconfirmedEitherWayRound() throws Exception {
        FaultEvidence buddyUp = new NodeReadBack(new NodesReading(Set.of("a")), WITHIN, WITHIN).confirm(PAIR);
        FaultEvidence ownerUp = new NodeReadBack(new NodesReading(Set.of("b")), WITHIN, WITHIN).confirm(PAIR);

        assertThat(buddyUp.confirmed()).as(buddyUp.seen()).isFalse();
        assertThat(buddyUp.seen()).startsWith("a is down; b still up");
        assertThat(ownerUp.confirmed()).as(ownerUp.seen()).isFalse();
    }

    /** Nodes a and b, those named down read gone, the others up. */
    private static final class NodesReading extends AdminOnlyRuntime {
        private final Set<String> down;

        NodesReading(Set<String> down) {
            super(List.of("a", "b"));
            this.down = down;
        }

        @Override
        protected String answer(String node, String method, String path, String body) {
            throw new AssertionError("a read-back asks no admin API");
        }

        @Override
        public NodeState state(String node) {
            return down.contains(node) ? new NodeState.Down("1", node + " is down")
                    : new NodeState.Up("1", node + " is up");
        }
    }
}

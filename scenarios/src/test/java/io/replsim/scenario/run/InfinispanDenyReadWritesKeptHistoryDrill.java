package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.scenario.runtime.InJvmRuntime;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The counterpart of {@link InfinispanDenyReadWritesHistoryDrill} on the same cluster: node1 serves the session again
 * before conflict resolution reaches it, so its request reads the append it acknowledged alone and writes the next
 * state to every member; the resolution then finds the copies alike, the append stays, and the checker names no
 * anomaly (docs/replication.md, "What deny-read-writes cannot refuse"). Made certain rather than left to where the
 * session hashes: node3's JGroups messages are held 100 ms from just before the heal (a DELAY through its admin API),
 * so the coordinator's walk over the 256 segments, a round trip to every member each, reaches even the first segment
 * no sooner than 100 ms after it starts, while node1, told by the coordinator itself, serves again within milliseconds
 * and is asked every 5 ms from its merge view on; the delay is lifted once node1 has answered.
 */
class InfinispanDenyReadWritesKeptHistoryDrill {
    private static final Duration NODE3_LATE = Duration.ofMillis(100);

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void anAppendNode1ServesBeforeTheResolutionKeepsTheAcknowledgedOneAndTheCheckerNamesNoAnomaly(@TempDir Path dir)
            throws Exception {
        AppendAloneThenHealed.Played played = AppendAloneThenHealed.play(dir,
                InfinispanDenyReadWritesHistoryDrill.DENY_READ_WRITES,
                new InfinispanDenyReadWritesHistoryDrill.ConflictsResolved(), new Node1AskedFirst());
        long acknowledgedAlone = played.cutOffAppend().appended().getAsLong();
        HistoryRequest served = played.beforeTheMergeEnded().getLast();
        HistoryRequest read = played.readAfterMerge();
        String why = played.history();

        assertThat(served.acknowledged()).as(why).isTrue();
        assertThat(served.read()).as("node1's first request served after the merge read its own copy\n" + why)
                .hasValueSatisfying(list -> assertThat(list).contains(acknowledgedAlone));
        assertThat(read.read()).as("node1's read once conflicts were resolved\n" + why).hasValueSatisfying(
                list -> assertThat(list).contains(acknowledgedAlone, served.appended().getAsLong()));
        assertThat(played.judged().illegal()).as(why).isEmpty();
        System.out.println("kept\n" + played.cutOffAppend().describe() + "\n" + served.describe() + "\n"
                + read.describe() + "\n(" + (played.beforeTheMergeEnded().size() - 1) + " appends refused before)");
    }

    /** node3 late from before the heal; node1 asked every 5 ms from its merge view until it serves an append. */
    private static final class Node1AskedFirst implements AppendAloneThenHealed.AroundTheMerge {
        @Override
        public void beforeHeal(InJvmRuntime runtime) throws Exception {
            runtime.admin("node3").delayOutgoing(NODE3_LATE);
        }

        @Override
        public List<HistoryRequest> afterHeal(InJvmRuntime runtime, OneUserHistory user) throws Exception {
            await().atMost(AppendAloneThenHealed.VIEWS).pollInterval(Duration.ofMillis(5))
                    .until(() -> AppendAloneThenHealed.members(runtime, "node1").size() == 3);
            List<HistoryRequest> sent = new ArrayList<>();
            // refused ones are 503s of a degraded node1: nothing read, nothing written
            await().atMost(AppendAloneThenHealed.VIEWS).pollInterval(Duration.ofMillis(5)).until(() -> {
                sent.add(user.append("node1"));
                return sent.getLast().acknowledged();
            });
            runtime.admin("node3").stopDelaying();
            return sent;
        }
    }
}

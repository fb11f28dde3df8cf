package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.replsim.loadgen.anomaly.Consistency;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.scenario.fault.Disruption;
import io.replsim.scenario.fault.Nemesis;
import io.replsim.scenario.fault.RuntimeNemesis;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.InJvmRuntime;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The steps of the history checker's partition known answers ({@link InfinispanDenyReadWritesHistoryDrill} and its
 * counterparts, {@link InfinispanDenyReadWritesKeptHistoryDrill} and, on the jgroups engine,
 * {@link JGroupsPartitionHistoryDrill}), on three in-JVM nodes (real HTTP, real JGroups over TCP on loopback): a
 * session made on node1 and appended to; node1 cut off by the scenario's partition fault (DISCARD through each node's
 * admin API, as the runtimes play it) and an append sent to node1 at once, which node1 acknowledges alone once it
 * has dropped the others (suspected them, then a view of node1 alone; the scenario's sync timeout outlasts detection,
 * so the append waits for them instead of timing out); the cut healed once each side has its own view; nothing sent for the session until the
 * merge has ended on every member but what the test's {@link AroundTheMerge} sends; then node1's read of the session.
 * Every request is recorded as the driver records it, and the checker judges the history file.
 */
final class AppendAloneThenHealed {
    /**
     * Clusters tried for an append node1 acknowledges alone: on the infinispan engine the append's retry after the
     * topology change may meet node1's degraded mode first and be refused, which leaves nothing acknowledged to lose
     * (2 clusters of the 16 counted here; about one in four for replication's {@code AcknowledgedAloneThenHealed}, which tries
     * five as well).
     */
    static final int ATTEMPTS = 5;
    static final Duration VIEWS = Duration.ofSeconds(30);

    /** What the nodes say about the cut: engine by engine, when it is ready to heal and when its merge has ended. */
    interface MergeWitness {
        /** Before the heal: each side is settled on its own members, as the merge will find it. */
        boolean sidesSettled(InJvmRuntime runtime) throws Exception;

        /** After the heal: the merge has ended on every member, nothing left to move or resolve. */
        boolean mergeEnded(InJvmRuntime runtime) throws Exception;
    }

    /** What reaches the cluster from the heal until the merge has ended: nothing, unless a test says otherwise. */
    interface AroundTheMerge {
        AroundTheMerge NOTHING = (runtime, user) -> List.of();

        /** Done to the nodes just before the heal. */
        default void beforeHeal(InJvmRuntime runtime) throws Exception {
        }

        /** Sent after the heal, before the merge's end is awaited; the requests as recorded. */
        List<HistoryRequest> afterHeal(InJvmRuntime runtime, OneUserHistory user) throws Exception;
    }

    /**
     * One attempt's history: the append node1 acknowledged during the cut, what was sent between the heal and the
     * merge's end, the read after the merge, the checker's judgement and the file as written.
     */
    record Played(HistoryRequest cutOffAppend, List<HistoryRequest> beforeTheMergeEnded, HistoryRequest readAfterMerge,
                  Consistency judged, String history) {
    }

    /** {@link #play(Path, String, MergeWitness, AroundTheMerge)}, nothing sent until the merge has ended. */
    static Played play(Path dir, String yaml, MergeWitness witness) throws Exception {
        return play(dir, yaml, witness, AroundTheMerge.NOTHING);
    }

    /**
     * Plays the steps on the cluster of {@code yaml} (its first fault the partition) until node1 acknowledges the
     * append during the cut, at most {@link #ATTEMPTS} clusters.
     */
    static Played play(Path dir, String yaml, MergeWitness witness, AroundTheMerge around) throws Exception {
        ScenarioSpec spec = ScenarioLoader.load(Files.writeString(dir.resolve("known-answer.yaml"), yaml));
        List<String> refused = new ArrayList<>();
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Path attemptDir = Files.createDirectories(dir.resolve("attempt-" + attempt));
            try (InJvmRuntime runtime = new InJvmRuntime(spec, attemptDir.resolve("nodes"), System.out)) {
                runtime.start(ClusterRuntime.START_DEADLINE);
                try (OneUserHistory user = new OneUserHistory(attemptDir, runtime.nodes(),
                        spec.load().requestTimeout())) {
                    HistoryRequest made = user.append("node1");
                    HistoryRequest appended = user.append("node1");
                    assertThat(List.of(made, appended)).as("node1 answers before the cut")
                            .allMatch(HistoryRequest::acknowledged);

                    Nemesis nemesis = new RuntimeNemesis(runtime);
                    Disruption cut = nemesis.inject(spec.faults().getFirst());
                    HistoryRequest cutOff = user.append("node1");
                    if (!cutOff.acknowledged()) {
                        nemesis.heal(cut);
                        refused.add("attempt " + attempt + ": " + cutOff.describe());
                        continue;
                    }
                    // the jgroups engine acknowledges once node1 has suspected the others, a moment before the view
                    // that holds node1 alone is installed (a suspicion reaches a waiting request before GMS's view)
                    await().atMost(VIEWS).untilAsserted(() -> assertThat(members(runtime, "node1"))
                            .as("node1's view once it acknowledged " + cutOff.describe()).containsExactly("node1"));
                    // a merge needs both sides split: a heal before the majority dropped node1 merges nothing
                    await().atMost(VIEWS).until(() -> members(runtime, "node2").equals(List.of("node2", "node3"))
                            && members(runtime, "node3").equals(List.of("node2", "node3"))
                            && witness.sidesSettled(runtime));
                    around.beforeHeal(runtime);
                    nemesis.heal(cut);
                    List<HistoryRequest> meanwhile = around.afterHeal(runtime, user);
                    await().atMost(VIEWS).until(() -> witness.mergeEnded(runtime));

                    HistoryRequest read = user.read("node1");
                    Consistency judged = user.checked();
                    String history = Files.readString(attemptDir.resolve("history.jsonl"));
                    assertThat(read.acknowledged() && read.node().equals(Optional.of("node1")))
                            .as("node1 answers the read after the merge\n" + history).isTrue();
                    return new Played(cutOff, meanwhile, read, judged, history);
                }
            }
        }
        throw new AssertionError("node1 acknowledged no append during the cut in " + ATTEMPTS + " clusters, so the"
                + " known answer could not be played: " + refused);
    }

    /** The members of {@code node}'s view, as its admin stats report them, sorted. */
    static List<String> members(InJvmRuntime runtime, String node) throws IOException, InterruptedException {
        return runtime.admin(node).stats().view().members().stream().sorted().toList();
    }

    private AppendAloneThenHealed() {
    }
}

package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.replsim.loadgen.anomaly.Anomaly;
import io.replsim.loadgen.anomaly.AnomalyKind;
import io.replsim.loadgen.anomaly.Consistency;
import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.FaultReport;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped kill during a partition (scenarios/drill-kill-during-partition.yaml) on node processes, under sync
 * full replication: node1 cut off, node2 of the majority side killed while the cut lasts. Sync replication does not
 * keep the killed member's users' sessions whole: the balancer, which knows nothing of the cut, sends some of node2's
 * users to node1, whose copies stopped at the cut, and both sides have appended to one session by the merge, where the
 * copy with more versions since the cut outranks the other. With the kill 12 s into the cut and the heal 4 s later
 * that is node3's copy in most runs: the users sent to node1 lose what node1 acknowledged them between the kill and
 * the merge, and saw what node2 had acknowledged them vanish from their reads on node1 until the merge (read-your-
 * writes violated). Where node1's copy wins instead (a slow failure detection leaves node2 few versions), what node2
 * acknowledged after the cut is the lost part.
 */
@ExtendWith(NoNodeProcessLeft.class)
class KillDuringPartitionDrill {

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void theKilledMembersUsersSentToTheCutOffMemberLoseWhatTheMajorityAcknowledged(@TempDir Path dir)
            throws Exception {
        PlayedScenario played = PlayedScenario.playShipped(dir, "drill-kill-during-partition");
        String console = played.console();
        List<FaultReport> faults = played.summary().faults();

        assertThat(faults).extracting(FaultReport::type, FaultReport::node).as(console)
                .containsExactly(tuple("partition", "node1"), tuple("kill", "node2"));
        assertThat(faults).as(console).allSatisfy(fault -> assertThat(fault.evidence().confirmed()).isTrue());
        FaultReport partition = faults.get(0);
        FaultReport kill = faults.get(1);
        assertThat(kill.atMs()).as(console).isBetween(partition.atMs(), partition.healedAtMs());
        // the loss needs some of the killed node's users on the cut-off side: without them the drill proves nothing
        assertThat(kill.movedTo()).as(console).containsKey("node1");

        Consistency judged = KillHistoryDrill.checked(played);
        List<Anomaly> lost = judged.of(AnomalyKind.LOST_UPDATE);
        assertThat(lost).as(console).isNotEmpty();
        assertThat(played.summary().anomalies().lostUpdate()).isEqualTo(lost.size());
        assertThat(played.summary().anomalies().notJudged()).as(console).isZero();
        // node2 died in the cut and never saw node1 again: the views joined when node3's took node1 back
        Long joinedMicros = partition.backInViewMs() == null ? null
                : (partition.atMs() + partition.backInViewMs()) * 1000;
        long killMicros = kill.atMs() * 1000;
        for (Anomaly anomaly : lost) {
            Anomaly.LostUpdate update = (Anomaly.LostUpdate) anomaly;
            long element = update.write().appended().getAsLong();
            assertThat(update.write().acknowledged()).as(update.why()).isTrue();
            assertThat(update.write().invokeMicros()).as(update.why()).isGreaterThan(partition.atMs() * 1000);
            assertThat(update.lastRead().after(update.write())).as(update.why()).isTrue();
            assertThat(update.lastRead().read()).as(update.why()).hasValueSatisfying(
                    list -> assertThat(list).doesNotContain(element));
            String writer = update.write().node().orElseThrow();
            if (writer.equals("node2")) {
                // node1's copy outranked the majority's at the merge: what node2 acknowledged after the cut is gone
                assertThat(update.lastRead().node()).as(update.why()).isEqualTo(Optional.of("node1"));
            } else {
                // the majority's copy outranked node1's: what node1 acknowledged node2's users after the kill, until
                // the merge settled (a little after the views joined), is gone
                assertThat(writer).as(update.why()).isEqualTo("node1");
                assertThat(joinedMicros).as("a write node1 made in the cut was lost, so node3's view took node1 back"
                        + " (node2 died in the cut)\n" + console).isNotNull();
                assertThat(update.write().invokeMicros()).as(update.why()).isGreaterThan(killMicros);
                assertThat(update.lastRead().invokeMicros()).as(update.why()).isGreaterThan(joinedMicros);
            }
        }
        // where the majority's copy won, what node2 acknowledged after the cut was missing from the user's reads on
        // node1 until the merge brought it back: a read-your-writes violation, each read after the kill
        for (Anomaly anomaly : judged.of(AnomalyKind.READ_YOUR_WRITES_VIOLATED)) {
            Anomaly.ReadYourWritesViolated violated = (Anomaly.ReadYourWritesViolated) anomaly;
            assertThat(violated.write().node()).as(violated.why()).contains("node2");
            assertThat(violated.write().invokeMicros()).as(violated.why()).isGreaterThan(partition.atMs() * 1000);
            assertThat(violated.read().node()).as(violated.why()).contains("node1");
            assertThat(joinedMicros).as(violated.why()).isNotNull();
            assertThat(violated.read().invokeMicros()).as(violated.why()).isGreaterThan(killMicros);
        }
        // an append applied but failed for its client (a sync timeout in the cut), shown by a read from the side whose
        // copy the merge replaced and missing from the user's next read, is the same loss seen as a non-monotonic
        // read: node2's, read next on node1; or node1's, read next after the views joined; no other kind
        for (Anomaly anomaly : judged.of(AnomalyKind.NON_MONOTONIC_READ)) {
            Anomaly.NonMonotonicRead read = (Anomaly.NonMonotonicRead) anomaly;
            if (read.earlier().node().equals(Optional.of("node2"))) {
                assertThat(read.later().node()).as(read.why()).contains("node1");
            } else {
                assertThat(read.earlier().node()).as(read.why()).contains("node1");
                assertThat(joinedMicros).as(read.why()).isNotNull();
                assertThat(read.later().invokeMicros()).as(read.why()).isGreaterThan(joinedMicros);
            }
        }
        assertThat(judged.illegal()).as(console).extracting(Anomaly::kind)
                .isSubsetOf(AnomalyKind.LOST_UPDATE, AnomalyKind.NON_MONOTONIC_READ,
                        AnomalyKind.READ_YOUR_WRITES_VIOLATED);
    }
}

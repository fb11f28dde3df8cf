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
 * save the appends node2 acknowledged once its view had left node1 out: the balancer, which knows nothing of the cut,
 * sends some of node2's users to node1, whose copies stopped at the cut, and both sides append to one session. At
 * the merge the copy with more appends outranks the other, and the checker names the other side's appends lost:
 * node2's after the cut where the user's copy on node1 won (most runs), node1's in the cut where node3's did.
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
        Long joinedMicros = partition.backInViewMs() == null ? null
                : (partition.atMs() + partition.backInViewMs()) * 1000;
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
                // the majority's copy outranked node1's: what node1 acknowledged while it was cut off is gone
                assertThat(writer).as(update.why()).isEqualTo("node1");
                assertThat(joinedMicros).as("a write node1 made in the cut was lost, so the views joined\n" + console)
                        .isNotNull();
                assertThat(update.write().invokeMicros()).as(update.why()).isLessThan(joinedMicros);
                assertThat(update.lastRead().invokeMicros()).as(update.why()).isGreaterThan(joinedMicros);
            }
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
                .isSubsetOf(AnomalyKind.LOST_UPDATE, AnomalyKind.NON_MONOTONIC_READ);
    }
}

package io.replsim.replication.transport;

import io.replsim.replication.NodeId;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ViewHistoryTest {

    @Test
    void countsEveryViewInstalledBeyondTheOnesItKeeps() {
        var history = new ViewHistory();
        int views = ViewHistory.KEPT_VIEWS + 44;
        for (int i = 1; i <= views; i++) {
            history.install(new ViewRecord("v" + i, List.of(new NodeId("node1")), i));
        }

        assertThat(history.all()).hasSize(ViewHistory.KEPT_VIEWS);
        assertThat(history.installedCount()).isEqualTo(views);
    }

    @Test
    void aSettledMergeViewIsStampedInPlaceAndOnlyOnce() {
        var history = new ViewHistory();
        history.install(new ViewRecord("[node1|3]", List.of(new NodeId("node1")), 10));
        history.install(new ViewRecord("[node2|4]", List.of(new NodeId("node2"), new NodeId("node1")), 20));
        history.install(new ViewRecord("[node2|5]", List.of(new NodeId("node2")), 30));

        history.settled("[node2|4]", 25);
        history.settled("[node2|4]", 99);
        history.settled("[gone|1]", 40);

        assertThat(history.all()).extracting(ViewRecord::id, ViewRecord::settledAtEpochMs).containsExactly(
                org.assertj.core.groups.Tuple.tuple("[node1|3]", null),
                org.assertj.core.groups.Tuple.tuple("[node2|4]", 25L),
                org.assertj.core.groups.Tuple.tuple("[node2|5]", null));
        assertThat(history.current().orElseThrow().id()).isEqualTo("[node2|5]");
    }
}

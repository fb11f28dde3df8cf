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
}

package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.runtime.AdminOnlyRuntime;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The views the sampler keeps for the report: a view read before it settled and again after keeps its settled stamp.
 * A merge view sampled in the few hundred milliseconds between its installation and its settling had been kept as
 * first read, so the report said the merge never settled although every node's last reading had it settled
 * (PartitionMergeDrill at load 22).
 */
class NodeStatsSamplerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long SETTLED = 1795673531400L;

    @Test
    void aViewReadBeforeItSettledAndAgainAfterKeepsItsSettledStamp() throws Exception {
        ObjectNode unsettled = stats();
        ObjectNode settled = unsettled.deepCopy();
        ((ObjectNode) lastView(settled)).put("settledAtEpochMs", SETTLED);
        NodeStatsSampler sampler = new NodeStatsSampler(answering(unsettled, settled));

        sampler.sample();
        assertThat(sampler.viewHistories().get("node1").getLast().settledAtEpochMs()).isNull();
        sampler.sample();

        List<NodeStatsReport.PastView> views = sampler.viewHistories().get("node1");
        assertThat(views).hasSize(3);
        assertThat(views.getLast().id()).isEqualTo("[node1|2]");
        assertThat(views.getLast().settledAtEpochMs()).isEqualTo(SETTLED);
    }

    @Test
    void aSettledViewReadAgainWithoutItsStampKeepsIt() throws Exception {
        ObjectNode settled = stats();
        ((ObjectNode) lastView(settled)).put("settledAtEpochMs", SETTLED);
        NodeStatsSampler sampler = new NodeStatsSampler(answering(settled, stats()));

        sampler.sample();
        sampler.sample();

        assertThat(sampler.viewHistories().get("node1").getLast().settledAtEpochMs()).isEqualTo(SETTLED);
    }

    /** node1 alone, answering its stats with each of {@code answers} in turn, then the last one again. */
    private static AdminOnlyRuntime answering(ObjectNode... answers) {
        int[] read = {0};
        return new AdminOnlyRuntime(List.of("node1")) {
            @Override
            protected String answer(String node, String method, String path, String body) {
                return answers[Math.min(read[0]++, answers.length - 1)].toString();
            }
        };
    }

    private static ObjectNode stats() throws IOException {
        try (InputStream in = NodeStatsSamplerTest.class.getResourceAsStream(
                "/io/replsim/scenario/capacity/node-stats.json")) {
            return (ObjectNode) JSON.readTree(in);
        }
    }

    private static Object lastView(ObjectNode stats) {
        ArrayNode history = (ArrayNode) stats.get("viewHistory");
        return history.get(history.size() - 1);
    }
}

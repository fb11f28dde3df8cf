package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** report.html's node table has a row for every declared figure, a column per node, and says what was not measured. */
class NodeTableTest {

    private static NodeFigures figures(GoldenNodes.Node node, boolean engineHasGravitation) {
        return NodeFigures.of(new MeasuredNode(new NodeReading(node.name(), node.alive(), node.stats()),
                new NodeCpuFigure(0.12, "steady window", null), engineHasGravitation));
    }

    @Test
    void everyDeclaredFigureHasARowWithEachNodesValue() {
        List<GoldenNodes.Node> nodes = GoldenNodes.drill(GoldenLoads.LOAD_START);
        String html = NodeTable.html(nodes.stream().map(node -> figures(node, true)).toList());

        assertThat(html).contains("<th>node1</th><th>node2</th><th>node3</th>");
        for (NodeFigure<?> figure : NodeFigure.ALL) {
            if (figure != NodeFigure.NAME) {
                assertThat(html).contains("<td>" + figure.key() + "</td>");
            }
        }
        assertThat(html).contains("<td>ownershipConflicts</td><td>0</td><td>1</td><td>0</td>")
                .contains("<td>replicationBytesSent</td><td>5.4 MB</td><td>11.2 MB</td>")
                .contains("<td>replicationMeanMicros</td><td>2,536 µs</td><td>8,463 µs</td>")
                .contains("<td>cpuUsedCores</td><td>0.12 cores</td>")
                .contains("<td>alive</td><td>no</td><td>yes</td><td>yes</td>")
                .contains("<td>cpuCompilerShare</td><td>not measured</td>");
    }

    @Test
    void aFigureTheEngineDoesNotHaveSaysSo() {
        String html = NodeTable.html(List.of(figures(GoldenNodes.infinispan(GoldenLoads.LOAD_START).get(1), false)));

        assertThat(html).contains("<td>gravitations</td><td>not applicable</td>");
    }

    @Test
    void noNodesReadNoTable() {
        assertThat(NodeTable.html(null)).isEmpty();
    }
}

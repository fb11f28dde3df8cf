package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A node whose JIT took over a tenth of its CPU in the window is named; settled or unmeasured nodes are not. */
class CompilerWarmUpTest {

    private static NodeFigures node(String name, Double compilerShare) {
        GoldenNodes.Node node = GoldenNodes.open(GoldenLoads.LOAD_START).getFirst();
        return NodeFigures.of(new MeasuredNode(new NodeReading(name, true, node.stats()),
                new NodeCpuFigure(0.13, "steady window", compilerShare), true));
    }

    @Test
    void aNodeStillCompilingIsNamedWithItsShare() {
        assertThat(CompilerWarmUp.warning(List.of(node("node1", 0.03), node("node2", 0.23), node("node3", 0.11))))
                .hasValueSatisfying(warning -> assertThat(warning)
                        .startsWith("the JIT compiled for more than 10% of the CPU of node2 (JIT 23%), node3 (JIT 11%)"
                                + " over its window")
                        .doesNotContain("node1"));
    }

    @Test
    void settledOrUnmeasuredNodesGiveNoWarning() {
        assertThat(CompilerWarmUp.warning(List.of(node("node1", 0.03), node("node2", 0.10), node("node3", null))))
                .isEmpty();
    }
}

package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The node figures' declarations hold together (each key once, each place on the console once, a figure printed
 * inside another's fragment names one that has a place), and each figure's rule decides when it is null.
 */
class NodeFigureTest {

    private static MeasuredNode node2(boolean engineHasGravitation, Double compilerShare) {
        GoldenNodes.Node node2 = GoldenNodes.drill(GoldenLoads.LOAD_START).get(1);
        return new MeasuredNode(new NodeReading("node2", true, node2.stats()),
                new NodeCpuFigure(0.12, "steady window", compilerShare), engineHasGravitation);
    }

    @Test
    void eachFigureHasAKeyOfItsOwnAndAPlaceOfItsOwnOnTheConsole() {
        assertThat(NodeFigure.ALL).extracting(NodeFigure::key).doesNotHaveDuplicates();
        assertThat(NodeFigure.ALL.stream().map(NodeFigure::console)
                .filter(console -> console instanceof NodeConsole.At<?>)
                .map(console -> (NodeConsole.At<?>) console).map(at -> at.line() + ":" + at.column()).toList())
                .doesNotHaveDuplicates();
    }

    @Test
    void aFigurePrintedInsideAnothersFragmentNamesOneWithAPlace() {
        List<String> placed = NodeFigure.ALL.stream().filter(figure -> figure.console() instanceof NodeConsole.At<?>)
                .map(NodeFigure::key).toList();
        assertThat(NodeFigure.ALL.stream().map(NodeFigure::console)
                .filter(console -> console instanceof NodeConsole.With<?>)
                .map(console -> ((NodeConsole.With<?>) console).key()).toList())
                .isNotEmpty().allSatisfy(key -> assertThat(placed).contains(key));
    }

    @Test
    void gravitationsAreNotApplicableOnAnEngineWithoutThem() {
        assertThat(NodeFigures.of(node2(false, null)).get(NodeFigure.GRAVITATIONS)).isNull();
        assertThat(NodeFigures.of(node2(true, null)).get(NodeFigure.GRAVITATIONS)).isEqualTo(12);
        assertThat(NodeFigure.GRAVITATIONS.notMeasured().instead()).isEqualTo("not applicable");
    }

    @Test
    void theCompilersShareIsNullWhenNotMeasuredAndItsValueWhenMeasured() {
        assertThat(NodeFigures.of(node2(true, null)).get(NodeFigure.CPU_COMPILER_SHARE)).isNull();
        assertThat(NodeFigures.of(node2(true, 0.25)).get(NodeFigure.CPU_COMPILER_SHARE)).isEqualTo(0.25);
    }

    @Test
    void aFigureDeclaredAlwaysMeasuredThatReadsNothingIsRefusedNamingItAndTheNode() {
        NodeFigure<Long> broken = new NodeFigure<>("brokenCounter", "a counter nobody reads", FigureUnit.COUNT,
                Long.class, NotMeasured.NEVER, node -> null, new NodeConsole.Off<>());

        assertThatThrownBy(() -> broken.valueOf(node2(true, null))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("brokenCounter").hasMessageContaining("node2")
                .hasMessageContaining("declare when it is not measured");
    }

    @Test
    void aConsolePlaceIsOnLineOneOrTwo() {
        assertThatThrownBy(() -> new NodeConsole.At<Long>(3, 1, (value, node, summary) -> ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 3");
    }
}

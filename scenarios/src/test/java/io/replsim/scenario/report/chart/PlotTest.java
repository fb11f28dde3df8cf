package io.replsim.scenario.report.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A plot 960 px wide and 200 high: its area 60 to 940 px across, 26 to 170 px down. */
class PlotTest {

    @Test
    void valuesLandInThePlotAreaAndOutsideOnesOnItsEdges() {
        Plot plot = new Plot("test", 200, 10, 20, new ChartAxis.Linear(100, "%"));

        assertThat(plot.x(10)).isEqualTo(60);
        assertThat(plot.x(15)).isEqualTo(500);
        assertThat(plot.x(25)).isEqualTo(940);
        assertThat(plot.y(0)).isEqualTo(170);
        assertThat(plot.y(50)).isEqualTo(98);
        assertThat(plot.y(150)).isEqualTo(26);
    }

    @Test
    void aLineALimitAndTheLegendAreDrawnWithWhatTheyStandFor() {
        String svg = new Plot("test", 200, 0, 10, new ChartAxis.Linear(100, "%"))
                .frame(List.of(new ChartAxis.Label(5, "5 s")))
                .legend(List.of(new LegendEntry("#06c", LegendEntry.Mark.LINE, "p90")))
                .line("#06c", "", List.of(new Plot.Point(0, 0), new Plot.Point(10, 100)), "p90 per second")
                .limit(60, "#b00", "60% ceiling").close();

        assertThat(svg).startsWith("<svg class=\"chart test\"").endsWith("</svg>\n")
                .contains("points=\"60.0,170.0 940.0,26.0\"><title>p90 per second</title></polyline>")
                .contains("<line x1=\"60\" y1=\"83.6\" x2=\"940\" y2=\"83.6\" stroke=\"#b00\" stroke-dasharray=\"4 3\">"
                        + "<title>60% ceiling</title></line>")
                .contains(">60% ceiling</text>").contains(">p90</text>").contains(">5 s</text>")
                .contains(">100 %</text>");
    }

    @Test
    void aHorizontalAxisRunsFromAValueToALargerOne() {
        assertThatThrownBy(() -> new Plot("test", 200, 5, 5, new ChartAxis.Linear(1, "x")))
                .hasMessageContaining("from a value to a larger one");
    }
}

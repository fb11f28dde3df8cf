package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.report.chart.Plot;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The affected users' failover times of a kill: 3 of its 4 users served again elsewhere. */
class FailoverChartTest {
    private static final FailoverTimes KILL = new FailoverTimes("kill node1", 20_000, 4, List.of(100L, 200L, 900L));

    @Test
    void theDistributionRisesByAUsersShareAtEachUsersTimeAndEndsAtTheShareServedAgain() {
        List<Plot.Point> steps = FailoverChart.steps(KILL);

        assertThat(steps.getFirst()).isEqualTo(new Plot.Point(0, 0));
        assertThat(steps.get(1)).isEqualTo(new Plot.Point(100, 0));
        assertThat(steps.get(2)).isEqualTo(new Plot.Point(100, 25));
        assertThat(steps.getLast()).isEqualTo(new Plot.Point(900, 75));
        assertThat(steps).hasSize(7);
    }

    @Test
    void eachFaultIsALineNamedWithItsUsersAndItsLast() {
        String svg = FailoverChart.html(List.of(KILL));

        assertThat(svg).contains("<svg class=\"chart failover\"")
                .contains(">kill node1 at 20.0 s: 3 of 4 users, last 900 ms</text>");
        assertThat(ChartPoints.of(svg, io.replsim.scenario.report.chart.Palette.colour(0)).points()).hasSize(7);
        assertThat(FailoverChart.html(List.of(new FailoverTimes("pause node2", 5_000, 0, List.of()))))
                .isEqualTo("<p>No user was served again on another node after a fault.</p>\n");
    }
}

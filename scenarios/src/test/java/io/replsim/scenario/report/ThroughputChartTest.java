package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.replsim.loadgen.record.Second;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The throughput chart of a 30-second load of 100 requests a second, 5 in seconds 10 to 12, 7 errors in second 10. */
class ThroughputChartTest {
    static final long START = 1_700_000_000_000L;
    // the plot: 60 px from the left, 880 px wide for 30 s; 26 px from the top, 164 px high for 0 to 100 req/s
    static final double PX_PER_SECOND = 880 / 30.0;

    static List<Second> seconds() {
        List<Second> seconds = new ArrayList<>();
        for (int s = 0; s < 30; s++) {
            seconds.add(new Second(START / 1000 + s, s >= 10 && s < 13 ? 5 : 100, s == 10 ? 7 : 0));
        }
        return seconds;
    }

    @Test
    void eachSecondsRequestsSitWhereTheyPutThemAndItsErrorsAreABar() {
        String svg = ThroughputChart.svg(new TimeFrame(30_000, List.of()), seconds(), START);

        ChartPoints requests = ChartPoints.of(svg, ThroughputChart.REQUESTS);
        assertThat(requests.points()).hasSize(30);
        assertThat(requests.points().get(10)[0]).as("second 10 at its middle").isCloseTo(60 + 10.5 * PX_PER_SECOND,
                within(0.1));
        // second 10 (its middle at 10.5 s) served 5 requests: 5% of the height up from the floor at 190 px
        assertThat(requests.yNear(60 + 10.5 * PX_PER_SECOND)).isCloseTo(190 - 0.05 * 164, within(0.1));
        assertThat(requests.yNear(60 + 20.5 * PX_PER_SECOND)).isCloseTo(26, within(0.1));
        assertThat(svg.split("<rect class=\"bar\"", -1)).hasSize(2);
        assertThat(svg).contains("height=\"11.5\" fill=\"#c00\"><title>7 errors</title>");
        assertThat(svg).contains(">requests per second</text>").contains(">failed attempts per second</text>")
                .doesNotContain("fault window");
    }
}

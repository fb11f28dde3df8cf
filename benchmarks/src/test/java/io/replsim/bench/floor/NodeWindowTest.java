package io.replsim.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class NodeWindowTest {

    private static RoleCpu at(long epochMs, long requestNanos, long streamNanos) {
        return new RoleCpu(epochMs, Map.of(ThreadRole.REQUEST, requestNanos, ThreadRole.STREAM, streamNanos,
                ThreadRole.JIT, epochMs));
    }

    /** 100 s of 300 cluster requests a second, from epoch second 1000. */
    private static Map<Long, Long> steadyCluster() {
        Map<Long, Long> perSecond = new TreeMap<>();
        for (long second = 1000; second < 1100; second++) {
            perSecond.put(second, 300L);
        }
        return perSecond;
    }

    @Test
    void dividesTheWindowsCpuByTheWindowsShareOfNode1sRequestsAndUpdates() {
        // readings at 1,040.0 s and 1,060.0 s of the run; outside them, readings that must not count
        List<RoleCpu> samples = List.of(at(1_030_000, 0, 0), at(1_040_000, 1_000_000_000L, 500_000_000L),
                at(1_050_000, 1_500_000_000L, 700_000_000L), at(1_060_000, 3_000_000_000L, 1_300_000_000L),
                at(1_070_000, 9_000_000_000L, 9_000_000_000L));

        // node1 served 10,000 of the run's 30,000 requests and applied 20,000 updates; the window holds 20 of 100 s
        NodeWindow window = NodeWindow.of(samples, 1_035_000, 1_065_000, steadyCluster(), 10_000, 20_000);

        assertThat(window.millis()).isEqualTo(20_000);
        assertThat(window.requests()).isCloseTo(2_000, within(1e-9));
        assertThat(window.applied()).isCloseTo(4_000, within(1e-9));
        // 2 s of request threads over 2,000 requests; 0.8 s of stream threads over 4,000 updates
        assertThat(window.microsPerRequest(ThreadRole.REQUEST)).isCloseTo(1_000, within(1e-9));
        assertThat(window.microsPerApplied(ThreadRole.STREAM)).isCloseTo(200, within(1e-9));
    }

    @Test
    void withoutReplicationThereIsNoFigurePerUpdateApplied() {
        NodeWindow window = NodeWindow.of(List.of(at(1_040_000, 0, 0), at(1_060_000, 1_000_000_000L, 0)),
                1_040_000, 1_060_000, steadyCluster(), 10_000, 0);

        assertThat(window.microsPerApplied(ThreadRole.STREAM)).isNaN();
    }

    @Test
    void theJitsShareIsOfTheWindowsCpu() {
        NodeWindow window = new NodeWindow(1000, 1, 1, Map.of(ThreadRole.REQUEST, 750L, ThreadRole.JIT, 250L));

        assertThat(window.compilerShare()).isEqualTo(0.25);
    }

    @Test
    void refusesAWindowWithFewerThanTwoReadings() {
        assertThatThrownBy(() -> NodeWindow.of(List.of(at(1_040_000, 0, 0)), 1_035_000, 1_065_000,
                steadyCluster(), 10_000, 0)).isInstanceOf(IllegalStateException.class);
    }
}

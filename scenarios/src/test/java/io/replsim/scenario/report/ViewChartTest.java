package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The views of a 3-node cluster whose node1 was killed at 20 s, over 30 s of load. */
class ViewChartTest {
    private static final List<String> ALL = List.of("node1", "node2", "node3");
    private static final List<String> SURVIVORS = List.of("node2", "node3");

    @Test
    void eachViewIsABoxInItsNodesLaneFromItsInstallationToTheNextOrTheLastReading() {
        Map<String, NodeViews> nodes = new LinkedHashMap<>();
        nodes.put("node1", new NodeViews(List.of(new NodeViews.View(-500, "[node1|2]", ALL)), 19_700));
        nodes.put("node2", new NodeViews(List.of(new NodeViews.View(-500, "[node1|2]", ALL),
                new NodeViews.View(20_813, "[node2|3]", SURVIVORS)), 30_000));

        String svg = ViewChart.html(new TimeFrame(30_000, List.of()), nodes, 3);

        double px = ThroughputChartTest.PX_PER_SECOND;
        // node1's lane on top: its view from the start of the load to its last reading
        assertThat(svg).containsPattern(String.format(java.util.Locale.ROOT, "<rect class=\"view\" x=\"60.0\""
                + " y=\"[0-9.]+\" width=\"%.1f\" height=\"[0-9.]+\" fill=\"#9c9\" stroke=\"#fff\"><title>node1:"
                + " view \\[node1\\|2\\] \\[node1, node2, node3\\] from -0.5 s</title>", 19.7 * px));
        assertThat(svg).containsPattern(String.format(java.util.Locale.ROOT, "<rect class=\"view\" x=\"%.1f\" [^>]*"
                + " width=\"%.1f\" [^>]*fill=\"#fc9\" [^>]*><title>node2: view \\[node2\\|3\\] \\[node2, node3\\] from"
                + " 20.8 s</title>", 60 + 20.813 * px, (30 - 20.813) * px));
        // node2's first view until its second
        assertThat(svg).containsPattern(String.format(java.util.Locale.ROOT, "<rect class=\"view\" x=\"60.0\" [^>]*"
                + " width=\"%.1f\" [^>]*fill=\"#9c9\" [^>]*><title>node2: view \\[node1\\|2\\]", 20.813 * px));
        assertThat(svg.split("<rect class=\"view\"", -1)).hasSize(4);
        assertThat(svg).contains(">node1 node2 node3</text>").contains(">node2 node3</text>");
    }
}

package io.replsim.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FloorVsNodeReportTest {

    private static NodeOutcome node(long requestNanos, long streamNanos, double applied, double cores) {
        return new NodeOutcome(new NodeWindow(40_000, 1_000, applied, Map.of(ThreadRole.REQUEST, requestNanos,
                ThreadRole.STREAM, streamNanos, ThreadRole.GC, 10_000_000L)), cores, "PASS", Path.of("runs/x"));
    }

    /** The figures of SizeRoundTest: replication 380 µs an update, the keeping floor beside the load 310. */
    private static SizeRound round() {
        var beside = new FloorBesideNodes(new FloorReading(90, 80, 0, 10), new FloorReading(450, 200, 190, 60));
        return new SizeRound(new FloorReading(300, 160, 100, 40), new FloorReading(400, 170, 160, 40),
                new FloorReading(70, 60, 0, 10), node(180_000_000L, 0, 0, 0.05),
                node(380_000_000L, 180_000_000L, 2_000, 0.09), beside, 2);
    }

    @Test
    void theBandsGiveTheFloorBesideTheLoadOnOneLineAndReplsimsRatiosToIt() {
        String bands = FloorVsNodeReport.bands("64 KB", List.of(round()));

        assertThat(bands.lines()).contains(
                "  keeping floor beside the nodes' load: 310 µs an update: sending 120 above the pacing there (80),"
                        + " 95 per frame answered and kept",
                "  against it:                           1.23×; sender 1.67×, backup 0.95×");
    }

    @Test
    void aRoundsLineGivesTheFloorBesideTheLoadAndTheRatioToIt() {
        assertThat(FloorVsNodeReport.round(1, "64 KB", round()))
                .contains("keeping floor beside the nodes 310 µs an update (95 per frame, pacing 80) = 1.23×");
    }
}

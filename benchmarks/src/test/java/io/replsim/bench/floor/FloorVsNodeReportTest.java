package io.replsim.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FloorVsNodeReportTest {

    /** {@link SizeRoundExample}: replication 380 µs an update, the keeping floor beside the load 310. */
    @Test
    void theBandsGiveTheFloorBesideTheLoadOnOneLineAndReplsimsRatiosToIt() {
        String bands = FloorVsNodeReport.bands("64 KB", List.of(SizeRoundExample.round()));

        assertThat(bands.lines()).contains(
                "  keeping floor beside the nodes' load: 310 µs an update: sending 120 above the pacing there (80),"
                        + " 95 per frame answered and kept",
                "  against it:                           1.23×; sender 1.67×, backup 0.95×");
    }

    @Test
    void aRoundsLineGivesTheFloorBesideTheLoadAndTheRatioToIt() {
        assertThat(FloorVsNodeReport.round(1, "64 KB", SizeRoundExample.round()))
                .contains("keeping floor beside the nodes 310 µs an update (95 per frame, pacing 80) = 1.23×");
    }

    @Test
    void aRoundsLineNamesTheVerdictOfTheLoadTheFloorsRanBeside() {
        assertThat(FloorVsNodeReport.round(1, "64 KB", SizeRoundExample.round("FAIL")))
                .endsWith("(PASS, PASS; the load beside the floors FAIL)");
    }
}

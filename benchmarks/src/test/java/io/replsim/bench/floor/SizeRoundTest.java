package io.replsim.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SizeRoundTest {

    private static NodeOutcome node(long requestNanos, long streamNanos, double applied, double cores) {
        return new NodeOutcome(new NodeWindow(40_000, 1_000, applied, Map.of(ThreadRole.REQUEST, requestNanos,
                ThreadRole.STREAM, streamNanos, ThreadRole.GC, 10_000_000L)), cores, "PASS", Path.of("runs/x"));
    }

    @Test
    void comparesEachPartWithTheFloorsAboveTheirPacing() {
        // floor: sending 160 µs a round with 60 of pacing, answering 100 µs for two frames
        var floor = new FloorReading(300, 160, 100, 40);
        var pacing = new FloorReading(70, 60, 0, 10);
        // node1: request threads 180 -> 380 µs a request; stream threads 180 ms over 2,000 updates applied
        // keeping each frame: sending 170 µs a round, answering 160 µs for two frames
        var keeping = new FloorReading(400, 170, 160, 40);
        // beside the baseline's load: its pacing 80 µs; keeping, sending 200 µs a round, answering 190 for two frames
        var beside = new FloorBesideNodes(new FloorReading(90, 80, 0, 10), new FloorReading(450, 200, 190, 60));
        var round = new SizeRound(floor, keeping, pacing, node(180_000_000L, 0, 0, 0.05),
                node(380_000_000L, 180_000_000L, 2_000, 0.09), beside, 2);

        assertThat(round.floorSendingMicros()).isCloseTo(100, within(1e-9));
        assertThat(round.floorPerFrameMicros()).isCloseTo(50, within(1e-9));
        assertThat(round.floorRoundMicros()).isCloseTo(200, within(1e-9));
        assertThat(round.senderAddedMicros()).isCloseTo(200, within(1e-9));
        assertThat(round.backupPerUpdateMicros()).isCloseTo(90, within(1e-9));
        assertThat(round.replicationMicros()).isCloseTo(380, within(1e-9));
        assertThat(round.ratio()).isCloseTo(1.9, within(1e-9));
        assertThat(round.senderRatio()).isCloseTo(2.0, within(1e-9));
        assertThat(round.backupRatio()).isCloseTo(1.8, within(1e-9));
        assertThat(round.keepingRoundMicros()).isCloseTo(270, within(1e-9));
        assertThat(round.keepingPerFrameMicros()).isCloseTo(80, within(1e-9));
        assertThat(round.keepingRatio()).isCloseTo(380.0 / 270, within(1e-9));
        assertThat(round.keepingBackupRatio()).isCloseTo(90.0 / 80, within(1e-9));
        assertThat(round.besideSendingMicros()).isCloseTo(120, within(1e-9));
        assertThat(round.besidePerFrameMicros()).isCloseTo(95, within(1e-9));
        assertThat(round.besideRoundMicros()).isCloseTo(310, within(1e-9));
        assertThat(round.besideRatio()).isCloseTo(380.0 / 310, within(1e-9));
        assertThat(round.besideSenderRatio()).isCloseTo(200.0 / 120, within(1e-9));
        assertThat(round.besideBackupRatio()).isCloseTo(90.0 / 95, within(1e-9));
        assertThat(round.elsewhereAddedMicros()).isCloseTo(0, within(1e-9));
        assertThat(round.incrementCores()).isCloseTo(0.04, within(1e-9));
    }
}

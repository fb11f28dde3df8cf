package io.replsim.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SizeRoundTest {

    @Test
    void comparesEachPartWithTheFloorsAboveTheirPacing() {
        var round = SizeRoundExample.round();

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

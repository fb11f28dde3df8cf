package io.replsim.scenario.provenance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A comparison says how far the machine's speed moved over its searches, and warns only when it moved more than a
 * search's own interval: probes not taken are left out, none at all gives no line.
 */
class ProbeSpreadTest {

    @Test
    void aMachineWhoseProbeMovedByMoreThanAFifthIsSaidToHaveMoved() {
        ProbeSpread spread = ProbeSpread.of(List.of(new CpuProbe(3.3, 3.2), new CpuProbe(5.1, 4.9),
                new CpuProbe(4.0, 3.9)));

        assertThat(spread).isEqualTo(new ProbeSpread(3.3, 5.1, 3));
        assertThat(spread.moved()).isTrue();
        assertThat(spread.line()).startsWith("machine speed: probe 3.30-5.10 ms over 3 readings (1.55x): the"
                + " machine's speed moved between the runs by more than a fifth");
    }

    @Test
    void aSpreadWithinAFifthHeld() {
        ProbeSpread spread = ProbeSpread.of(Arrays.asList(new CpuProbe(3.3, 3.2), null, new CpuProbe(3.9, 3.8)));

        assertThat(spread.readings()).as("the probe not taken is left out").isEqualTo(2);
        assertThat(spread.moved()).isFalse();
        assertThat(spread.line()).isEqualTo("machine speed: probe 3.30-3.90 ms over 2 readings (1.18x): held");
    }

    @Test
    void noProbeTakenGivesNoSpread() {
        assertThat(ProbeSpread.of(Arrays.asList(null, null))).isNull();
    }
}

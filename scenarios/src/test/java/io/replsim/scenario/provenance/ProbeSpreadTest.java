package io.replsim.scenario.provenance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A comparison says how far the machine's speed moved over its runs, each run counted with the faster of its two
 * probes (a reading is only ever slowed by what else runs at its moment), and warns only when it moved more than a
 * search's own interval; runs without a probe are left out, none at all gives no line.
 */
class ProbeSpreadTest {

    private static final Jdk JDK = new Jdk("25.0.3+9-LTS", "Eclipse Adoptium");

    private static Provenance run(CpuProbe before, CpuProbe after, Double steal) {
        return new Provenance(ReplsimBuild.unknown("a test"), JDK, "docker", JDK, 2, 8L << 30, 1.0, 1.0, before,
                after, steal, List.of());
    }

    private static CpuProbe probe(double wallMillis) {
        return new CpuProbe(wallMillis, wallMillis);
    }

    @Test
    void aMachineWhoseProbeMovedByMoreThanAFifthIsSaidToHaveMoved() {
        ProbeSpread spread = ProbeSpread.of(List.of(run(probe(3.6), probe(3.3), 0.001),
                run(probe(19.7), probe(5.1), 0.056), run(probe(4.0), probe(4.5), 0.002)));

        assertThat(spread).as("3.3, 5.1 and 4.0: each run's faster reading; 19.7 was its cluster still stopping")
                .isEqualTo(new ProbeSpread(3.3, 5.1, 3, 0.056));
        assertThat(spread.moved()).isTrue();
        assertThat(spread.line()).startsWith("machine speed: probe 3.30-5.10 ms over 3 runs (each its faster reading;"
                + " 1.55x), steal up to 5.6%: the machine's speed moved between the runs by more than a fifth");
    }

    @Test
    void aSpreadWithinAFifthHeldAndRunsWithoutAProbeAreLeftOut() {
        ProbeSpread spread = ProbeSpread.of(Arrays.asList(run(probe(3.3), null, null), null,
                run(null, null, null), run(null, probe(3.9), null)));

        assertThat(spread.runs()).isEqualTo(2);
        assertThat(spread.moved()).isFalse();
        assertThat(spread.line()).isEqualTo("machine speed: probe 3.30-3.90 ms over 2 runs (each its faster reading;"
                + " 1.18x), steal up to unknown: held");
    }

    @Test
    void noProbeTakenGivesNoSpread() {
        assertThat(ProbeSpread.of(Arrays.asList(null, run(null, null, 0.01)))).isNull();
    }
}

package io.replsim.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class FloorReadingTest {
    // as PacedExchangeFloor's peer prints it: its groups in the order of their names
    private static final String PEER = "peer 1: 6280 rounds, 301.5 µs of CPU per round (two frames out, two in);"
            + " answering threads 101.0 µs / 2.40 switches; sending thread 150.5 µs / 2.60 switches;"
            + " the JVM's own (GC, JIT, ...) 50.0 µs / 0.10 switches";

    @Test
    void readsEachThreadGroupOfAPeersLine() {
        FloorReading reading = FloorReading.parse(PEER);

        assertThat(reading.roundMicros()).isEqualTo(301.5);
        assertThat(reading.answeringMicros()).isEqualTo(101.0);
        assertThat(reading.sendingMicros()).isEqualTo(150.5);
        assertThat(reading.jvmMicros()).isEqualTo(50.0);
    }

    @Test
    void aPacingOnlyPeerHasNoAnsweringThreadsAndCountsThemAsNothing() {
        FloorReading reading = FloorReading.parse("peer 0: 6280 rounds, 70,2 µs of CPU per round (two frames out,"
                + " two in); sending thread 60,1 µs / 1.00 switches; the JVM's own (GC, JIT, ...) 10,1 µs / 0.01"
                + " switches");

        assertThat(reading.answeringMicros()).isZero();
        assertThat(reading.sendingMicros()).isEqualTo(60.1);
    }

    @Test
    void thePeersMeanIsEachFiguresMean() {
        FloorReading mean = FloorReading.mean(List.of(new FloorReading(300, 150, 100, 50),
                new FloorReading(200, 110, 60, 30)));

        assertThat(mean.roundMicros()).isCloseTo(250, within(1e-9));
        assertThat(mean.sendingMicros()).isCloseTo(130, within(1e-9));
        assertThat(mean.answeringMicros()).isCloseTo(80, within(1e-9));
    }

    @Test
    void refusesALineThatIsNoPeersReport() {
        assertThatThrownBy(() -> FloorReading.parse("3 peers, each sending 3300 B")).isInstanceOf(
                IllegalArgumentException.class);
    }
}

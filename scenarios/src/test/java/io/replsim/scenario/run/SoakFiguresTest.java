package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The soak's distributions and verdict: a fault that never got a new view or a failover is counted, as never. */
class SoakFiguresTest {

    private static List<Long> values(Long... values) {
        return Arrays.asList(values);
    }

    @Test
    void aFaultThatNeverRecoveredCountsAsNeverInsteadOfBeingDropped() {
        SoakRunner.Distribution distribution = SoakRunner.Distribution.of(values(500L, null, 700L, 600L));

        assertThat(distribution.count()).as("every fault, the one that never recovered too").isEqualTo(4);
        assertThat(distribution.never()).isEqualTo(1);
        assertThat(distribution.p50()).isEqualTo(600L);
        assertThat(distribution.p90()).as("rank 4 of 4 is the fault that never recovered").isNull();
        assertThat(distribution.max()).isNull();
    }

    @Test
    void percentilesBelowTheNeversAreStillMeasured() {
        List<Long> hundred = new java.util.ArrayList<>();
        for (long ms = 1; ms <= 99; ms++) {
            hundred.add(ms * 10);
        }
        hundred.add(null);

        SoakRunner.Distribution distribution = SoakRunner.Distribution.of(hundred);

        assertThat(distribution.count()).isEqualTo(100);
        assertThat(distribution.never()).isEqualTo(1);
        assertThat(distribution.p99()).isEqualTo(990L);
        assertThat(distribution.max()).isNull();
    }

    private static SoakRunner.Drill passed(int run, Long viewChangeMs, Long failoverMs, long neverServed) {
        return new SoakRunner.Drill(run, "PASS", 0, 0, 0, values(viewChangeMs), values(failoverMs), neverServed, null,
                0, "runs/" + run, null);
    }

    @Test
    void theSoakFailsOnAFaultThatNeverRecoveredEvenWhenEveryDrillPassedItsOwnChecks() {
        var recovered = SoakRunner.summary("s", 2, 0, List.of(passed(1, 800L, 900L, 0),
                passed(2, 700L, 850L, 0)), null);
        var noView = SoakRunner.summary("s", 2, 0, List.of(passed(1, 800L, 900L, 0),
                passed(2, null, 850L, 0)), null);
        var notServed = SoakRunner.summary("s", 2, 0, List.of(passed(1, 800L, 900L, 0),
                passed(2, 700L, null, 3)), null);

        assertThat(recovered.held()).isTrue();
        assertThat(noView.held()).isFalse();
        assertThat(noView.viewChangeMs().never()).isEqualTo(1);
        assertThat(notServed.held()).isFalse();
        assertThat(notServed.failoverMs().never()).isEqualTo(1);
        assertThat(notServed.usersNeverServedAgain()).isEqualTo(3);
    }

    @Test
    void noFaultIsNoFigure() {
        SoakRunner.Distribution distribution = SoakRunner.Distribution.of(List.of());

        assertThat(distribution.count()).isZero();
        assertThat(distribution.never()).isZero();
        assertThat(distribution.p50()).isNull();
    }
}

package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.anomaly.Anomaly;
import io.replsim.loadgen.anomaly.AnomalyKind;
import io.replsim.loadgen.anomaly.Consistency;
import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.FaultReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped drill scenarios/drill-balancer-retry.yaml on node processes: node1's cluster messages are delayed, so
 * the nodes that wait for its acks answer late writes they have applied and replicated, and the balancer, which gives
 * a node 400 ms, sends each such request to the next node, which holds it and applies it again. The checker names
 * writes applied twice, each a request the balancer gave up on once, with either user runtime; the same file without
 * the retry shows none.
 */
@ExtendWith(NoNodeProcessLeft.class)
class BalancerRetryDrill {

    private static final String NAME = "drill-balancer-retry";
    private static final String RETRY_LINE = "  retryOnTimeout: 400ms\n";
    private static final String HISTORY_LINE = "  history: true\n";

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aBalancerRetryingOnTimeoutMakesTheNextNodeApplyTheWriteAgain(@TempDir Path dir) throws Exception {
        assertTheNextNodeAppliedWritesAgain(PlayedScenario.playShipped(dir, NAME));
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void onTheEventLoopsTheBalancersRetryMakesTheNextNodeApplyTheWriteAgain(@TempDir Path dir) throws Exception {
        String shipped = Files.readString(Path.of(NAME + ".yaml"));
        assertThat(shipped).contains(HISTORY_LINE).doesNotContain("runtime:");
        PlayedScenario played = PlayedScenario.play(dir, NAME, shipped.replace(HISTORY_LINE,
                HISTORY_LINE + "  runtime: event-loop\n"));
        assertThat(played.console()).contains("users on event-loop");
        assertTheNextNodeAppliedWritesAgain(played);
    }

    private static void assertTheNextNodeAppliedWritesAgain(PlayedScenario played) throws Exception {
        delayConfirmed(played);
        Consistency judged = KillHistoryDrill.checked(played);

        List<Anomaly> twice = judged.of(AnomalyKind.WRITE_APPLIED_TWICE);
        assertThat(twice).as(played.console()).isNotEmpty();
        assertThat(played.summary().anomalies().writeAppliedTwice()).isEqualTo(twice.size());
        assertThat(played.summary().requests().balancerRetries()).as(played.console())
                .isGreaterThanOrEqualTo(twice.size());
        long retryMicros = Duration.ofMillis(400).toNanos() / 1000;
        for (Anomaly anomaly : twice) {
            Anomaly.WriteAppliedTwice proof = (Anomaly.WriteAppliedTwice) anomaly;
            long element = proof.write().appended().getAsLong();
            assertThat(proof.write().resent()).as(proof.why()).isFalse();
            // the balancer waited its 400 ms on the first node before it sent the request on
            assertThat(proof.write().completeMicros() - proof.write().invokeMicros()).as(proof.why())
                    .isGreaterThanOrEqualTo(retryMicros);
            assertThat(proof.read().id() == proof.write().id() || proof.read().after(proof.write()))
                    .as(proof.why()).isTrue();
            assertThat(proof.read().read()).as(proof.why()).hasValueSatisfying(
                    list -> assertThat(Collections.frequency(list, element)).isGreaterThanOrEqualTo(2));
        }
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void withoutTheRetryTheSameDelayAppliesNoWriteTwice(@TempDir Path dir) throws Exception {
        String shipped = Files.readString(Path.of(NAME + ".yaml"));
        assertThat(shipped).contains(RETRY_LINE);
        PlayedScenario played = PlayedScenario.play(dir, NAME, shipped.replace(RETRY_LINE, ""));
        delayConfirmed(played);

        assertThat(played.summary().anomalies().judged()).as(played.console()).isPositive();
        assertThat(played.summary().anomalies().writeAppliedTwice()).as(played.console()).isZero();
        assertThat(played.summary().requests().balancerRetries()).as(played.console()).isZero();
    }

    /** The delay struck node1 and its DELAY held messages: otherwise nothing was late and the run proves nothing. */
    private static void delayConfirmed(PlayedScenario played) {
        FaultReport delay = played.summary().faults().getFirst();
        assertThat(delay.node()).as(played.console()).isEqualTo("node1");
        assertThat(delay.evidence().confirmed()).as(played.console()).isTrue();
    }
}

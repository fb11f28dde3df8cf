package io.replsim.scenario.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule docs/results.md states, as data: each verdict for the figures that make it, and where it turns. */
class AgreementRuleTest {
    private static final AgreementRule RULE = AgreementRule.STATED;

    @Test
    void anIntervalThatHoldsTheSourcesFigureAgreesInSize() {
        Judgement judged = RULE.judge(List.of(Compared.ratio("buddies", 1.31, 2.0, 1.2, 2.4)));

        assertThat(judged.verdict().words()).isEqualTo("agrees in size");
        assertThat(judged.why()).isEqualTo("buddies: replsim 2.00 (1.20-2.40), the source 1.31: the interval holds"
                + " the source's");
    }

    @Test
    void aFigureWithoutAnIntervalWithinTheStatedFactorAgreesInSizeAndJustOutsideItInDirection() {
        assertThat(RULE.judge(List.of(Compared.ratio("x", 1.2, 1.5, null, null))).verdict())
                .isEqualTo(Verdict.AGREES_IN_SIZE);
        assertThat(RULE.judge(List.of(Compared.ratio("x", 1.2, 1.51, null, null))).verdict())
                .isEqualTo(Verdict.AGREES_IN_DIRECTION);
        assertThat(new AgreementRule(1.1, 0.05).judge(List.of(Compared.ratio("x", 1.2, 1.5, null, null))).verdict())
                .as("a narrower band").isEqualTo(Verdict.AGREES_IN_DIRECTION);
    }

    @Test
    void anIntervalThatMissesTheSourcesFigureFarOffAgreesInDirectionOnly() {
        Judgement judged = RULE.judge(List.of(Compared.ratio("buddies", 1.31, 2.0, 1.8, 2.2)));

        assertThat(judged.verdict().words()).isEqualTo("agrees in direction");
        assertThat(judged.why()).endsWith(": the same way, 1.53x apart");
    }

    @Test
    void effectsOnOppositeSidesOfNoEffectDisagreeAndTheWeakestFigureDecidesTheRow() {
        Compared opposite = Compared.ratio("every 4th call", 1.06, 0.95, 0.90, 1.0);
        Compared same = Compared.ratio("buddies", 1.31, 1.31, null, null);

        assertThat(RULE.judge(List.of(same, opposite)).verdict().words()).isEqualTo("disagrees");
        assertThat(RULE.judge(List.of(same)).verdict()).isEqualTo(Verdict.AGREES_IN_SIZE);
    }

    @Test
    void noEffectInReplsimsFigureIsNoAgreementInDirection() {
        assertThat(RULE.judge(List.of(Compared.ratio("x", 1.06, 1.0, null, null))).verdict())
                .isEqualTo(Verdict.DISAGREES);
    }

    @Test
    void aFigureWithinFivePercentOfNoEffectOrAnIntervalHoldingItShowsNoDirection() {
        // a connection per request against one per user: 199.5 against 199.7 req/s, the source 15 against 40
        Compared noise = Compared.ratio("throughput ratio", 15.0 / 40, 199.5 / 199.7, null, null);
        Compared intervalAcrossOne = Compared.ratio("x", 2.0, 1.2, 0.95, 1.45);

        assertThat(RULE.judge(List.of(noise)).verdict()).isEqualTo(Verdict.DISAGREES);
        assertThat(RULE.judge(List.of(noise)).why()).contains("replsim's shows no effect");
        assertThat(RULE.judge(List.of(intervalAcrossOne)).verdict()).isEqualTo(Verdict.DISAGREES);
        assertThat(RULE.judge(List.of(Compared.ratio("x", 0.375, 0.94, null, null))).verdict())
                .as("6% off no effect is an effect").isEqualTo(Verdict.AGREES_IN_DIRECTION);
    }

    @Test
    void aLevelAgreesInDirectionWhenBothRiseAboveTheirOwnStartingPoints() {
        Compared survivors = new Compared("survivors' CPU", 0.90, 0.60, 0.45, 0.44, 0.45, 0.30);

        assertThat(RULE.judge(List.of(survivors)).verdict()).isEqualTo(Verdict.AGREES_IN_DIRECTION);
    }

    @Test
    void noFigureToSetBesideReplsimsIsSaid() {
        assertThat(RULE.judge(List.of()).verdict().words()).isEqualTo("no source figure");
    }

    @Test
    void aFactorBelowOneIsRefused() {
        assertThatThrownBy(() -> new AgreementRule(0.9, 0.05)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a size factor is 1 or more");
    }
}

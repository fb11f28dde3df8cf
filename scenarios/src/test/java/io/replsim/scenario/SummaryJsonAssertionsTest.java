package io.replsim.scenario;

import static io.replsim.scenario.SummaryJsonAssertions.measured;
import static io.replsim.scenario.SummaryJsonAssertions.measuredNumber;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** What the process tests' summary.json checks were missing: a null figure is present but not measured. */
class SummaryJsonAssertionsTest {

    private static final JsonNode SUMMARY = read("""
            {"sessions": {"lost": 0}, "faults": [{"viewChangeMs": null, "node": "node1", "survivors": []}]}""");

    private static JsonNode read(String json) {
        try {
            return new ObjectMapper().readTree(json);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theOldCheckPassedOnANullFigureAndAsLongReadItAsZero() {
        assertThat(SUMMARY.at("/faults/0/viewChangeMs").isMissingNode()).isFalse();
        assertThat(SUMMARY.at("/faults/0/viewChangeMs").asLong()).isZero();
        assertThat(SUMMARY.at("/sessions/stale").asLong()).as("missing").isZero();
    }

    @Test
    void aMeasuredFigureMustBeAPresentNonNullNumber() {
        assertThat(measuredNumber(SUMMARY, "/sessions/lost").asLong()).isZero();
        assertThat(measured(SUMMARY, "/faults/0/node").asText()).isEqualTo("node1");
        assertThat(measured(SUMMARY, "/faults/0/survivors")).isEmpty();

        assertThatThrownBy(() -> measuredNumber(SUMMARY, "/faults/0/viewChangeMs")).hasMessageContaining("is null");
        assertThatThrownBy(() -> measured(SUMMARY, "/faults/0/viewChangeMs")).hasMessageContaining("is null");
        assertThatThrownBy(() -> measuredNumber(SUMMARY, "/sessions/stale")).hasMessageContaining("is missing");
        assertThatThrownBy(() -> measuredNumber(SUMMARY, "/faults/0/node")).hasMessageContaining("is a number");
    }
}

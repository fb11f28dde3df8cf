package io.replsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Assertions on a run's summary.json for a figure the run measured: it must be there and not null. A JSON pointer
 * to a null value is no missing node ({@code isMissingNode()} is false for it), and {@code asLong()} reads both as
 * 0, so a figure that was not measured would pass a check for "measured" or for "zero".
 */
public final class SummaryJsonAssertions {

    private SummaryJsonAssertions() {
    }

    /** The number at {@code pointer}, failing when it is missing, null or not a number. */
    public static JsonNode measuredNumber(JsonNode summary, String pointer) {
        JsonNode node = summary.at(pointer);
        assertThat(node.isMissingNode()).as("summary.json " + pointer + " is missing").isFalse();
        assertThat(node.isNull()).as("summary.json " + pointer + " is null: not measured").isFalse();
        assertThat(node.isNumber()).as("summary.json " + pointer + " is a number, not " + node).isTrue();
        return node;
    }

    /** The value at {@code pointer} (a text, a list, a map), failing when it is missing or null. */
    public static JsonNode measured(JsonNode summary, String pointer) {
        JsonNode node = summary.at(pointer);
        assertThat(node.isMissingNode()).as("summary.json " + pointer + " is missing").isFalse();
        assertThat(node.isNull()).as("summary.json " + pointer + " is null: not measured").isFalse();
        return node;
    }
}

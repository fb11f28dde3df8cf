package io.replsim.loadgen.exchange;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A field a team's app sets when its session content is intact, named on the command line ({@code --expect}) and
 * judged on every {@code 200}: an answer that does not show it is CORRUPT, as a replsim node's wrong state digest
 * is. For an app that is neither replsim's nor the probe, it is the only content check there is.
 */
public sealed interface ContentExpectation {

    /** The header {@code name} has one of {@code values}. */
    record HeaderValues(String name, List<String> values) implements ContentExpectation {
        public HeaderValues {
            if (Objects.requireNonNull(name, "name").isBlank()) {
                throw new IllegalArgumentException("a header name before '=', such as header:X-Cart=ok");
            }
            values = List.copyOf(values);
            if (values.isEmpty() || values.stream().anyMatch(String::isEmpty)) {
                throw new IllegalArgumentException("one or more values after '=', separated by '|', such as"
                        + " header:X-Cart=ok|full");
            }
        }

        @Override
        public String toString() {
            return "header:" + name + "=" + String.join("|", values);
        }
    }

    /** The body is JSON and the value at {@code pointer} reads as {@code value} (a string, number or boolean). */
    record JsonValue(String pointer, String value) implements ContentExpectation {
        public JsonValue {
            if (!Objects.requireNonNull(pointer, "pointer").startsWith("/")) {
                throw new IllegalArgumentException("a JSON pointer starting with '/' before '=', such as"
                        + " json:/cart/intact=true");
            }
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String toString() {
            return "json:" + pointer + "=" + value;
        }
    }

    /**
     * Reads {@code header:NAME=v1|v2} or {@code json:/pointer=value}, as the command line gives it; the message of
     * what it throws says what is expected.
     */
    static ContentExpectation parse(String text) {
        String trimmed = text.trim();
        int colon = trimmed.indexOf(':');
        int equals = trimmed.indexOf('=');
        if (colon < 0 || equals < colon) {
            throw new IllegalArgumentException("got \"" + text + "\", expected header:NAME=v1|v2 or"
                    + " json:/pointer=value");
        }
        String kind = trimmed.substring(0, colon);
        String field = trimmed.substring(colon + 1, equals);
        String expected = trimmed.substring(equals + 1);
        return switch (kind) {
            case "header" -> new HeaderValues(field.trim(), Arrays.asList(expected.split("\\|", -1)));
            case "json" -> new JsonValue(field.trim(), expected);
            default -> throw new IllegalArgumentException("got \"" + text + "\": unknown kind \"" + kind
                    + "\", expected header:NAME=v1|v2 or json:/pointer=value");
        };
    }

    /** The lower-case header a response must keep for this expectation, or null. */
    default String header() {
        return this instanceof HeaderValues values ? values.name().toLowerCase(java.util.Locale.ROOT) : null;
    }

    /** Whether {@code response} shows the field as expected; {@code headerValue} is the kept header's value. */
    default boolean holds(byte[] body, String headerValue) {
        return switch (this) {
            case HeaderValues values -> headerValue != null && values.values().contains(headerValue.trim());
            case JsonValue json -> {
                try {
                    JsonNode node = Json.MAPPER.readTree(body).at(json.pointer());
                    yield !node.isMissingNode() && node.isValueNode() && node.asText().equals(json.value());
                } catch (IOException e) {
                    yield false;
                }
            }
        };
    }

    /** One mapper for every answer. */
    final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();

        private Json() {
        }
    }
}

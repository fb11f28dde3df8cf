package io.replsim.scenario.spec;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A YAML value shown back to the user the way they would write it in flow style ({@code [a, b]}, {@code {at: 20s}})
 * rather than as JSON, shortened so one problem stays one line.
 */
final class WrittenValue {

    private static final int MAX_LENGTH = 60;

    private WrittenValue() {
    }

    static String of(JsonNode node) {
        String text = flow(node);
        return text.length() <= MAX_LENGTH ? text : text.substring(0, MAX_LENGTH - 3) + "...";
    }

    private static String flow(JsonNode node) {
        if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(item -> items.add(flow(item)));
            return "[" + String.join(", ", items) + "]";
        }
        if (node.isObject()) {
            return node.properties().stream()
                    .map((Map.Entry<String, JsonNode> field) -> field.getKey() + ": " + flow(field.getValue()))
                    .collect(Collectors.joining(", ", "{", "}"));
        }
        return node.isNull() ? "null" : node.asText();
    }
}

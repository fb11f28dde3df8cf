package io.replsim.loadgen.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import io.replsim.settings.Choices;

/**
 * One request as one JSON object, both ways:
 * {@code {"id":12,"user":3,"tab":1,"sentSession":"s1","op":"append","element":12,"invokeMicros":1000,
 * "completeMicros":1900,"outcome":"ok","node":"node1","session":"s1","read":[3,12]}}. {@code op} is
 * {@code append}, {@code read} or {@code logout}; {@code outcome} is {@code ok}, {@code failed} or {@code timeout};
 * {@code sentSession}, {@code node}, {@code read}, {@code sentSessionExpired} (false) and {@code resent} (false)
 * may be left out, and {@code session} and {@code read} belong to an ok request only. Errors say which field is
 * wrong and what it takes.
 */
final class HistoryLineFormat {

    static final ObjectMapper JSON = new ObjectMapper();
    private static final String OPS = "append, read or logout";

    private HistoryLineFormat() {
    }

    /** The field of the line that counts the requests the driver dropped unwritten ({@link HistoryRecorder}). */
    static final String DROPPED = "dropped";

    /** {@code request} as its line, without the line's end. */
    static String line(HistoryRequest request) {
        try {
            return JSON.writeValueAsString(write(request));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a request's fields are plain JSON values", e);
        }
    }

    /** The line that says {@code count} requests were recorded and dropped unwritten: {@code {"dropped":17}}. */
    static String dropped(long count) {
        return "{\"" + DROPPED + "\":" + count + "}";
    }

    /** Whether {@code line} is the dropped count rather than a request. */
    static boolean isDropped(JsonNode line) {
        return line.isObject() && line.size() == 1 && line.has(DROPPED);
    }

    static ObjectNode write(HistoryRequest request) {
        ObjectNode line = JSON.createObjectNode();
        line.put("id", request.id()).put("user", request.user()).put("tab", request.tab());
        request.sentSession().ifPresent(session -> line.put("sentSession", session));
        switch (request.operation()) {
            case Operation.Append append -> line.put("op", "append").put("element", append.element());
            case Operation.Read read -> line.put("op", "read");
            case Operation.Logout logout -> line.put("op", "logout");
        }
        line.put("invokeMicros", request.invokeMicros()).put("completeMicros", request.completeMicros())
                .put("outcome", request.outcome().label());
        if (request.resent()) {
            line.put("resent", true);
        }
        request.node().ifPresent(node -> line.put("node", node));
        request.answer().ifPresent(answer -> {
            line.put("session", answer.session());
            answer.read().ifPresent(list -> list.forEach(line.putArray("read")::add));
            if (answer.sentSessionExpired()) {
                line.put("sentSessionExpired", true);
            }
        });
        return line;
    }

    /** @throws IllegalArgumentException saying which field is missing or wrong, and what it takes */
    static HistoryRequest read(JsonNode line) {
        if (!line.isObject()) {
            throw new IllegalArgumentException("a request is a JSON object {\"id\":..., \"op\":..., ...}, not "
                    + line.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        Outcome outcome = Choices.of(Outcome.class).parse(text(line, "outcome"), "outcome");
        Optional<Answer> answer = outcome == Outcome.OK
                ? Optional.of(new Answer(text(line, "session"), list(line, "read"), flag(line, "sentSessionExpired")))
                : Optional.empty();
        if (outcome != Outcome.OK) {
            for (String field : List.of("session", "read", "sentSessionExpired")) {
                if (line.has(field)) {
                    throw new IllegalArgumentException("\"" + field + "\" belongs to an ok request's answer, and this"
                            + " one is " + outcome.label() + ": leave it out");
                }
            }
        }
        return new HistoryRequest(number(line, "id"), (int) number(line, "user"), (int) number(line, "tab"),
                optionalText(line, "sentSession"), operation(line), number(line, "invokeMicros"),
                number(line, "completeMicros"), outcome, optionalText(line, "node"), answer, flag(line, "resent"));
    }

    private static Operation operation(JsonNode line) {
        String op = text(line, "op");
        return switch (op) {
            case "append" -> new Operation.Append(number(line, "element"));
            case "read" -> new Operation.Read();
            case "logout" -> new Operation.Logout();
            default -> throw new IllegalArgumentException("\"op\" is \"" + op + "\"; expected " + OPS);
        };
    }

    private static long number(JsonNode line, String field) {
        JsonNode value = line.get(field);
        if (value == null || !value.canConvertToLong() || !value.isIntegralNumber()) {
            throw new IllegalArgumentException(value == null ? "\"" + field + "\" is missing; it takes a whole number"
                    : "\"" + field + "\" is " + value + "; it takes a whole number");
        }
        return value.asLong();
    }

    private static String text(JsonNode line, String field) {
        return optionalText(line, field).orElseThrow(() -> new IllegalArgumentException("\"" + field
                + "\" is missing" + (field.equals("op") ? "; it takes " + OPS : "")));
    }

    private static Optional<String> optionalText(JsonNode line, String field) {
        JsonNode value = line.get(field);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isTextual() || value.asText().isBlank()) {
            throw new IllegalArgumentException("\"" + field + "\" is " + value + "; it takes a non-empty string");
        }
        return Optional.of(value.asText());
    }

    private static boolean flag(JsonNode line, String field) {
        JsonNode value = line.get(field);
        if (value != null && !value.isBoolean()) {
            throw new IllegalArgumentException("\"" + field + "\" is " + value + "; it takes true or false");
        }
        return value != null && value.asBoolean();
    }

    private static Optional<List<Long>> list(JsonNode line, String field) {
        JsonNode value = line.get(field);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isArray()) {
            throw new IllegalArgumentException("\"" + field + "\" is " + value + "; it takes a list of elements, "
                    + "e.g. [3, 12]");
        }
        List<Long> elements = new ArrayList<>();
        for (JsonNode element : value) {
            if (!element.isIntegralNumber() || !element.canConvertToLong()) {
                throw new IllegalArgumentException("\"" + field + "\" holds " + element
                        + "; its elements are whole numbers, the ids of the requests that appended them");
            }
            elements.add(element.asLong());
        }
        return Optional.of(elements);
    }
}

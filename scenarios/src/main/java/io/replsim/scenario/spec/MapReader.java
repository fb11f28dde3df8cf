package io.replsim.scenario.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.replsim.settings.Choices;
import io.replsim.settings.DataSize;
import io.replsim.settings.Grammar;
import io.replsim.settings.Labelled;
import io.replsim.settings.Setting;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * One YAML map of a scenario file and where it sits ({@code load}, {@code faults[0]}), read field by field into
 * typed {@link Field}s. It knows the fields its map may have and reports any other key on sight, which is how a
 * typo like {@code thinktime} gets caught instead of silently falling back to a default.
 */
final class MapReader {

    private final String path;
    private final JsonNode map;
    private final List<String> fields;
    private final Problems problems;

    private MapReader(String path, JsonNode map, List<String> fields, Problems problems) {
        this.path = path;
        this.map = map;
        this.fields = fields;
        this.problems = problems;
    }

    /** A reader over the node, or empty (and reported) when the node is not a map. */
    static Optional<MapReader> of(JsonNode node, String path, List<String> fields, Problems problems) {
        if (!node.isObject()) {
            problems.add(path, WrittenValue.of(node), expectation(fields));
            return Optional.empty();
        }
        return Optional.of(new MapReader(path, node, fields, problems).withUnknownFieldsReported());
    }

    static String expectation(List<String> fields) {
        return "a map with the fields " + String.join(", ", fields);
    }

    /** The path of a field of this map: {@code load.users}, or {@code name} at the top level. */
    String pathOf(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    /** The declared fields present in this map, in the order the file lists them. */
    List<String> presentFields() {
        List<String> present = new ArrayList<>();
        map.fieldNames().forEachRemaining(key -> {
            if (fields.contains(key)) {
                present.add(key);
            }
        });
        return present;
    }

    /** A nested section, reported when it is not a map; the caller says whether it is required. */
    Field<MapReader> section(String key, List<String> sectionFields) {
        String expected = expectation(sectionFields);
        return read(key, expected, node -> node.isObject()
                ? Optional.of(new MapReader(pathOf(key), node, sectionFields, problems).withUnknownFieldsReported())
                : Optional.empty());
    }

    /** A section that may be left out: then, or when it is not a map (reported), every field takes its default. */
    MapReader optionalSection(String key, List<String> sectionFields) {
        return section(key, sectionFields).orElse(
                new MapReader(pathOf(key), JsonNodeFactory.instance.objectNode(), sectionFields, problems));
    }

    /** A map that is an item of one of this map's lists, its problems reported with this map's. */
    Optional<MapReader> itemMap(JsonNode item, String itemPath, List<String> itemFields) {
        return of(item, itemPath, itemFields, problems);
    }

    /** A problem deeper inside one of this map's fields, such as an item of a list of lists. */
    void problemAt(String itemPath, JsonNode written, String expected) {
        problems.add(itemPath, WrittenValue.of(written), expected);
    }

    /** A problem with a field as written, found only when read together with others. */
    void problemWith(String key, String expected) {
        problems.add(pathOf(key), WrittenValue.of(map.path(key)), expected);
    }

    Field<List<JsonNode>> list(String key, String expected) {
        return read(key, expected, node -> {
            if (!node.isArray()) {
                return Optional.empty();
            }
            List<JsonNode> items = new ArrayList<>();
            node.forEach(items::add);
            return Optional.of(items);
        });
    }

    /** Any scalar read as its text: {@code name: 2024} is the name "2024". */
    Field<String> text(String key, String expected) {
        return read(key, expected, node -> node.isValueNode() ? Optional.of(node.asText()) : Optional.empty());
    }

    /** A whole number within the bounds; {@code "3"} in quotes counts too, since it reads the same to the user. */
    Field<Long> wholeNumber(String key, long min, long max) {
        String expected = max == Long.MAX_VALUE
                ? "a whole number, " + min + " or more"
                : "a whole number from " + min + " to " + max;
        return read(key, expected, node -> decimal(node).flatMap(number -> {
            try {
                return Optional.of(number.longValueExact());
            } catch (ArithmeticException fractionalOrHuge) {
                return Optional.empty();
            }
        })).must(number -> number >= min && number <= max, expected);
    }

    /** A finite decimal number ({@link Grammar#number}); what else it must be is the caller's rule. */
    Field<Double> number(String key, String expected) {
        return value(key, Grammar.number(expected));
    }

    /** A duration in the one grammar of scenario files and the node's command line ({@link Grammar#duration}). */
    Field<Duration> duration(String key) {
        return value(key, Grammar.duration());
    }

    /** A size in the one grammar of scenario files and the node's command line ({@link Grammar#size}). */
    Field<DataSize> size(String key) {
        return value(key, Grammar.size());
    }

    /**
     * A setting of a node's settings group, read with its grammar and rule: the same reading the node's command line
     * gives the same text. A scalar is read as its text ({@code 3} and {@code "3"} alike); a list or a map is none.
     */
    <T> Field<T> setting(String key, Setting<?, T> setting) {
        return scalar(key, setting::parse, setting::expected, setting.expected(""));
    }

    /**
     * A field the runner keeps for itself (no node is told it, so it is in no settings group), read with a grammar
     * of the same vocabulary: a scalar as its text, a list or a map as none.
     */
    <T> Field<T> value(String key, Grammar<T> grammar) {
        return scalar(key, grammar::parse, grammar::expected, grammar.expected(""));
    }

    private <T> Field<T> scalar(String key, Function<String, Optional<T>> parse, Function<String, String> expected,
                                String expectedWhenAbsent) {
        JsonNode node = child(key);
        if (node == null) {
            return Field.absent(pathOf(key), expectedWhenAbsent, problems);
        }
        if (!node.isValueNode()) {
            return Field.invalid(pathOf(key), node, expected.apply(WrittenValue.of(node)), problems);
        }
        return parse.apply(node.asText())
                .map(value -> Field.valid(pathOf(key), node, value, expected.apply(node.asText()), problems))
                .orElseGet(() -> Field.invalid(pathOf(key), node, expected.apply(node.asText()), problems));
    }

    /** Whether the field is written, with a value (not {@code key:} alone). */
    boolean has(String key) {
        return child(key) != null;
    }

    /** {@code true} or {@code false}. */
    Field<Boolean> flag(String key) {
        String what = "true or false";
        Grammar<Boolean> flags = Grammar.bool(what);
        return scalar(key, flags::parse, flags::expected, what);
    }

    /**
     * A name from a fixed set ({@link Choices}), in the vocabulary's one label rule: a refusal lists every label, so
     * the list cannot go out of date.
     *
     * @param what what the field names, such as "a placement"; a missing required field is reported with it
     */
    <T> Field<T> choice(String key, Choices<T> choices, String what) {
        Grammar<T> names = Grammar.choice(what, choices);
        return scalar(key, names::parse, names::expected, what);
    }

    /** A constant of {@code type} by its {@link Labelled} name. */
    <E extends Enum<E> & Labelled> Field<E> choice(String key, Class<E> type, String what) {
        return choice(key, Choices.of(type), what);
    }

    private <T> Field<T> read(String key, String expected, Function<JsonNode, Optional<T>> conversion) {
        JsonNode node = child(key);
        if (node == null) {
            return Field.absent(pathOf(key), expected, problems);
        }
        return conversion.apply(node)
                .map(value -> Field.valid(pathOf(key), node, value, expected, problems))
                .orElseGet(() -> Field.invalid(pathOf(key), node, expected, problems));
    }

    /** The field's node, or null when it is absent or written empty ({@code key:} or {@code key: ~}). */
    private JsonNode child(String key) {
        if (!fields.contains(key)) {
            throw new IllegalStateException(pathOf(key) + " is read but not declared among " + fields);
        }
        JsonNode node = map.get(key);
        return node == null || node.isNull() ? null : node;
    }

    /** A finite number: YAML's .nan and .inf (or "NaN", "Infinity") are no amount of anything. */
    private static Optional<BigDecimal> decimal(JsonNode node) {
        if (node.isNumber()) {
            return node.isFloatingPointNumber() && !Double.isFinite(node.doubleValue()) ? Optional.empty()
                    : Optional.of(node.decimalValue());
        }
        if (node.isTextual()) {
            try {
                return Optional.of(new BigDecimal(node.asText().trim()));
            } catch (NumberFormatException notANumber) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private MapReader withUnknownFieldsReported() {
        reportUnknownFields();
        return this;
    }

    private void reportUnknownFields() {
        map.fieldNames().forEachRemaining(key -> {
            if (!fields.contains(key)) {
                String owner = path.isEmpty() ? "the top-level fields" : "the fields of " + path;
                problems.add(pathOf(key), key,
                        "one of " + owner + ": " + String.join(", ", fields) + suggestionFor(key));
            }
        });
    }

    /** The declared field the user most likely meant: the same name in another case, else the nearest close one. */
    private String suggestionFor(String key) {
        String lowerKey = key.toLowerCase(Locale.ROOT);
        int tolerance = Math.min(2, key.length() / 3);
        return fields.stream()
                .filter(field -> editDistance(field.toLowerCase(Locale.ROOT), lowerKey) <= tolerance)
                .min(Comparator.comparingInt((String field) -> editDistance(field, key)))
                .map(field -> " (did you mean " + field + "?)")
                .orElse("");
    }

    private static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}

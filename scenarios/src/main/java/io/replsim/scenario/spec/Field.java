package io.replsim.scenario.spec;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What one field of a scenario file turned out to be: absent, invalid (already reported) or a value. Reading a
 * field and deciding whether it is required or has a default are separate steps, so each section states its
 * rules once, where it reads the field, and a bad field never stops the reading of the others.
 */
final class Field<T> {

    private final String path;
    private final JsonNode written;
    private final T value;
    private final String expected;
    private final Problems problems;

    private Field(String path, JsonNode written, T value, String expected, Problems problems) {
        this.path = path;
        this.written = written;
        this.value = value;
        this.expected = expected;
        this.problems = problems;
    }

    static <T> Field<T> absent(String path, String expected, Problems problems) {
        return new Field<>(path, null, null, expected, problems);
    }

    static <T> Field<T> invalid(String path, JsonNode written, String expected, Problems problems) {
        problems.add(path, WrittenValue.of(written), expected);
        return new Field<>(path, written, null, expected, problems);
    }

    static <T> Field<T> valid(String path, JsonNode written, T value, String expected, Problems problems) {
        return new Field<>(path, written, value, expected, problems);
    }

    /** Keeps the value only if it obeys the rule; otherwise reports it with what the rule expects. */
    Field<T> must(Predicate<? super T> rule, String expectedByRule) {
        if (value == null || rule.test(value)) {
            return this;
        }
        return invalid(path, written, expectedByRule, problems);
    }

    <U> Field<U> map(Function<? super T, ? extends U> conversion) {
        return new Field<>(path, written, value == null ? null : conversion.apply(value), expected, problems);
    }

    /** The value; a missing field is reported. Empty whenever a problem was reported for this field. */
    Optional<T> required() {
        if (written == null) {
            problems.add(path, null, expected);
        }
        return Optional.ofNullable(value);
    }

    /** The value, or empty when the field is absent or invalid (and then reported). */
    Optional<T> optional() {
        return Optional.ofNullable(value);
    }

    /**
     * The value, or the default when the field is absent. An invalid field also yields the default, so the reading
     * can go on; it has been reported, so no spec is built from it.
     */
    T orElse(T fallback) {
        return value == null ? fallback : value;
    }
}

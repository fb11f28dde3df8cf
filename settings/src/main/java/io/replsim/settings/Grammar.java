package io.replsim.settings;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * How one kind of value is written, the same in a scenario file and on the node's command line: durations
 * ({@link DurationText}), sizes ({@link DataSize}), whole numbers within bounds, decimals, and names from a fixed
 * set ({@link Choices}). A value this grammar writes ({@link #format}) it reads back to the same value, which is what
 * lets a setting cross from the runner to a node process exactly.
 *
 * @param reading     the value a text states, or empty when it states none of this kind
 * @param writing     the text for a value, in its shortest exact form
 * @param expectation what to write instead of a text that was not read: a reader's answer to the user
 */
public record Grammar<T>(Function<String, Optional<T>> reading, Function<? super T, String> writing,
                         Function<String, String> expectation) {

    public Grammar {
        Objects.requireNonNull(reading, "reading");
        Objects.requireNonNull(writing, "writing");
        Objects.requireNonNull(expectation, "expectation");
    }

    public Optional<T> parse(String text) {
        return reading.apply(text);
    }

    public String format(T value) {
        return writing.apply(value);
    }

    /** What to write instead of {@code text}, which {@link #parse} did not read. */
    public String expected(String text) {
        return expectation.apply(text);
    }

    /** A number and a unit, never a bare number ({@link DurationText}). */
    public static Grammar<Duration> duration() {
        return new Grammar<>(DurationText::parse, DurationText::format,
                text -> DurationText.isBareNumber(text) ? DurationText.WITH_UNIT : DurationText.EXAMPLES);
    }

    /** Bytes, or a number with a binary unit ({@link DataSize}). */
    public static Grammar<DataSize> size() {
        return new Grammar<>(text -> {
            try {
                return Optional.of(DataSize.parse(text));
            } catch (IllegalArgumentException notASize) {
                return Optional.empty();
            }
        }, DataSize::toString, text -> DataSize.EXAMPLES);
    }

    /** A whole number from {@code min} to {@code max}; {@code 3.0} is 3, {@code 3.5} is no whole number. */
    public static Grammar<Integer> wholeNumber(int min, int max) {
        String expected = max == Integer.MAX_VALUE
                ? "a whole number, " + min + " or more"
                : "a whole number from " + min + " to " + max;
        return new Grammar<>(text -> decimal(text).flatMap(number -> {
            try {
                return Optional.of(number.intValueExact());
            } catch (ArithmeticException fractionalOrHuge) {
                return Optional.empty();
            }
        }).filter(number -> number >= min && number <= max), String::valueOf, text -> expected);
    }

    /** A finite decimal number; what it may be besides is the setting's rule. */
    public static Grammar<Double> number(String expected) {
        return new Grammar<>(text -> decimal(text).map(BigDecimal::doubleValue), String::valueOf, text -> expected);
    }

    /**
     * A name from a fixed set ({@link Choices}), written by its label. The refusal lists every label, so it cannot go
     * out of date: {@code a delivery, one of: sync, async}.
     *
     * @param what what the setting names, such as "a delivery"
     */
    public static <T> Grammar<T> choice(String what, Choices<T> choices) {
        return new Grammar<>(choices::find, choices.label()::apply, text -> what + ", one of: " + choices.labels());
    }

    /** A constant of {@code type} by its {@link Labelled} name. */
    public static <E extends Enum<E> & Labelled> Grammar<E> choice(String what, Class<E> type) {
        return choice(what, Choices.of(type));
    }

    /** {@code true} or {@code false}, in lower case as YAML writes them. */
    public static Grammar<Boolean> bool(String what) {
        return new Grammar<>(text -> switch (text.trim()) {
            case "true" -> Optional.of(true);
            case "false" -> Optional.of(false);
            default -> Optional.empty();
        }, String::valueOf, text -> what + ", one of: true, false");
    }

    /** A value of its own notation, read by {@code parse}, which refuses a text with an IllegalArgumentException. */
    public static <T> Grammar<T> parsed(String expected, Function<String, T> parse, Function<? super T, String> format) {
        return new Grammar<>(text -> {
            try {
                return Optional.of(parse.apply(text));
            } catch (IllegalArgumentException refused) {
                return Optional.empty();
            }
        }, format, text -> expected);
    }

    /** YAML's .nan and .inf (or "NaN", "Infinity") are no amount of anything, so they are no decimal here. */
    private static Optional<BigDecimal> decimal(String text) {
        try {
            return Optional.of(new BigDecimal(text.trim()));
        } catch (NumberFormatException notANumber) {
            return Optional.empty();
        }
    }
}

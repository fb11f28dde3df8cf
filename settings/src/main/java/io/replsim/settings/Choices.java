package io.replsim.settings;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The values a choice may take, each read back from its label whatever its case and the blanks around it, with a
 * refusal that names the text and every label there is, so the list shown cannot go out of date.
 *
 * @param values the values in the order their labels are listed
 * @param label  each value's label
 */
public record Choices<T>(List<T> values, Function<? super T, String> label) {

    public Choices {
        values = List.copyOf(values);
        Objects.requireNonNull(label, "label");
    }

    /** The constants of an enum, by their {@link Labelled} names. */
    public static <E extends Enum<E> & Labelled> Choices<E> of(Class<E> type) {
        return new Choices<>(List.of(type.getEnumConstants()), Labelled::label);
    }

    /** The value labelled {@code text}, or empty when none is. */
    public Optional<T> find(String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        return values.stream().filter(value -> label.apply(value).toLowerCase(Locale.ROOT).equals(wanted)).findFirst();
    }

    /**
     * The value labelled {@code text}.
     *
     * @param what what the values are, for the refusal: {@code unknown delivery "x"; expected one of: sync, async}
     * @throws IllegalArgumentException when no value is labelled {@code text}
     */
    public T parse(String text, String what) {
        return find(text).orElseThrow(() -> new IllegalArgumentException(
                "unknown " + what + " \"" + text + "\"; expected one of: " + labels()));
    }

    /** Every label, in order: {@code sync, async}. */
    public String labels() {
        return values.stream().map(label).collect(Collectors.joining(", "));
    }
}

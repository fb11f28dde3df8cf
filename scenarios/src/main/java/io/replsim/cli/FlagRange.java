package io.replsim.cli;

import io.replsim.settings.DurationText;
import java.time.Duration;
import java.util.Locale;
import java.util.function.DoublePredicate;

/**
 * The values one numeric command-line flag accepts, checked where the flag is read: a value outside them (NaN and
 * the infinities included, which Java's number parsing lets through) is refused with the flag's name, the value as
 * given and what is expected.
 */
record FlagRange(String flag, String expected, DoublePredicate accepts) {

    static FlagRange wholeNumber(String flag, long min, long max) {
        return new FlagRange(flag, "a whole number from " + min + " to " + max, value -> value >= min && value <= max);
    }

    /** The value, or an {@link IllegalArgumentException} that says what was wrong, where, and what is expected. */
    double check(double value) {
        if (!Double.isFinite(value) || !accepts.test(value)) {
            throw new IllegalArgumentException(flag + ": got " + written(value) + ", expected " + expected);
        }
        return value;
    }

    int check(int value) {
        return (int) check((double) value);
    }

    /** The duration the text states, within {@code min} (included when {@code minIncluded}) and {@code max}. */
    static Duration duration(String flag, String text, Duration min, boolean minIncluded, Duration max,
                             String expected) {
        Duration parsed = DurationText.parse(text).orElseThrow(() -> new IllegalArgumentException(
                flag + ": got \"" + text + "\", expected " + expected));
        int fromMin = parsed.compareTo(min);
        if (fromMin < 0 || (fromMin == 0 && !minIncluded) || parsed.compareTo(max) > 0) {
            throw new IllegalArgumentException(flag + ": got " + text + ", expected " + expected);
        }
        return parsed;
    }

    private static String written(double value) {
        return value == Math.rint(value) && Double.isFinite(value) && Math.abs(value) < 1e15
                ? String.format(Locale.ROOT, "%d", (long) value) : Double.toString(value);
    }
}

package io.replsim.settings;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as scenario files and the node's command line write them, one grammar for both: a number and a unit,
 * {@code 500ms}, {@code 2s}, {@code 1.5s}, {@code 1m}, {@code 1h}. The unit is never implied: {@code thinkTime: 500}
 * could mean milliseconds or seconds, and a guess that is off by a thousand ruins a run silently. The runner writes
 * a node's durations with {@link #format}, which this parses back to the same {@link Duration}.
 */
public final class DurationText {

    public static final String EXAMPLES = "a duration such as 500ms, 20s or 1m";
    public static final String WITH_UNIT = "a duration with a unit (ms, s, m or h), such as 500ms, 20s or 1m";

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");
    private static final Pattern BARE_NUMBER = Pattern.compile("-?\\d+(?:\\.\\d+)?");

    private DurationText() {
    }

    /** The duration the text states, or empty when it is not one. */
    public static Optional<Duration> parse(String text) {
        Matcher form = FORM.matcher(text.trim());
        if (!form.matches()) {
            return Optional.empty();
        }
        long nanosPerUnit = switch (form.group(2)) {
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            default -> 3_600_000_000_000L;
        };
        try {
            long nanos = new BigDecimal(form.group(1)).multiply(BigDecimal.valueOf(nanosPerUnit)).longValueExact();
            return Optional.of(Duration.ofNanos(nanos));
        } catch (ArithmeticException finerThanNanosOrTooLong) {
            return Optional.empty();
        }
    }

    /** Whether the text is a number that lacks its unit, the one mistake worth its own message. */
    public static boolean isBareNumber(String text) {
        return BARE_NUMBER.matcher(text.trim()).matches();
    }

    /** The shortest exact form in the file's own notation: {@code 45s}, {@code 1500ms}, {@code 2m}, {@code 1h}. */
    public static String format(Duration duration) {
        if (duration.isZero()) {
            return "0s";
        }
        long nanos = duration.toNanos();
        if (nanos % 3_600_000_000_000L == 0) {
            return nanos / 3_600_000_000_000L + "h";
        }
        if (nanos % 60_000_000_000L == 0) {
            return nanos / 60_000_000_000L + "m";
        }
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + "s";
        }
        if (nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + "ms";
        }
        return BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString() + "s";
    }
}

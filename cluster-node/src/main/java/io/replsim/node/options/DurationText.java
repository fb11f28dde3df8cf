package io.replsim.node.options;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;

/** Durations as written on the command line and in scenario files: {@code 500ms}, {@code 2s}, {@code 1m}. */
public final class DurationText {
    public static final String FORMAT = "a duration such as 500ms, 2s or 1m";
    private static final Pattern SHAPE = Pattern.compile("(\\d{1,9})(ms|s|m)");

    private DurationText() {
    }

    public static Optional<Duration> parse(String text) {
        var match = SHAPE.matcher(text.trim());
        if (!match.matches()) {
            return Optional.empty();
        }
        long amount = Long.parseLong(match.group(1));
        return Optional.of(switch (match.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            default -> Duration.ofMinutes(amount);
        });
    }
}

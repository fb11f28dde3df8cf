package io.replsim.loadgen.think;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** When a user's pause is counted from (Faban's think-time vs cycle-time). */
public enum ThinkMode {
    /** The pause starts when the response arrives: a slower server means fewer requests per user. */
    AFTER_RESPONSE,
    /**
     * The pause is the time from one request's start to the next's: the user waits for what is left of it after
     * the response, and sends at once when the response took longer than the cycle (a missed cycle).
     */
    CYCLE_TIME;

    /** The name in scenario files: {@code after-response}, {@code cycle-time}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static ThinkMode parse(String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(mode -> mode.label().equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown think mode \"" + text + "\"; expected one of: "
                        + Arrays.stream(values()).map(ThinkMode::label).collect(Collectors.joining(", "))));
    }
}

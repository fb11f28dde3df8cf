package io.replsim.loadgen.think;

import io.replsim.loadgen.label.EnumLabels;

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
        return EnumLabels.of(this);
    }

    public static ThinkMode parse(String text) {
        return EnumLabels.parse(ThinkMode.class, text, "think mode");
    }
}

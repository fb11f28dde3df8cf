package io.replsim.loadgen.think;

import io.replsim.settings.Labelled;

/** When a user's pause is counted from (Faban's think-time vs cycle-time). */
public enum ThinkMode implements Labelled {
    /** The pause starts when the response arrives: a slower server means fewer requests per user. */
    AFTER_RESPONSE,
    /**
     * The pause is the time from one request's start to the next's: the user waits for what is left of it after
     * the response, and sends at once when the response took longer than the cycle (a missed cycle).
     */
    CYCLE_TIME;
}

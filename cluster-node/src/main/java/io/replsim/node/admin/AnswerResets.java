package io.replsim.node.admin;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The answer-reset fault's switch (docs/interfaces.md §3): while it is on, the application listener processes each
 * request as usual and then resets its connection instead of sending the answer ({@link ResetAfterProcessing}), as
 * a middlebox that resets established connections does (a conntrack flush, a balancer's idle-timeout race). It counts
 * the connections it reset since it was last switched on, so a runner can read that it took effect before healing.
 */
public final class AnswerResets {
    private volatile boolean on;
    private final AtomicLong reset = new AtomicLong();

    /** From now on, every answered request's connection is reset; the count starts again from 0. */
    public State resetAnswered() {
        reset.set(0);
        on = true;
        return state();
    }

    /** Answers go out again; the count stays readable. */
    public State stopResetting() {
        on = false;
        return state();
    }

    public State state() {
        return new State(on, reset.get());
    }

    boolean on() {
        return on;
    }

    void counted() {
        reset.incrementAndGet();
    }

    /** Whether it is on, and the connections it reset since it was last switched on. */
    public record State(boolean resetting, long resetConnections) {
    }
}

package io.replsim.scenario.report;

/** A directory {@code replsim report} cannot draw a run's report from; the message says what, where and what to do. */
public final class UnreadableRunException extends Exception {
    public UnreadableRunException(String message) {
        super(message);
    }
}

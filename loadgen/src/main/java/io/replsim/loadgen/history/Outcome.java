package io.replsim.loadgen.history;

import io.replsim.settings.Labelled;

/**
 * How a request ended for its client. Only {@link #OK} says what happened; a failure or a timeout leaves it open
 * whether the node applied the request (Jepsen's {@code :info}), so its write may show up later.
 */
public enum Outcome implements Labelled {
    /** A judged answer: the node applied the request, and the answer says what it read. */
    OK,
    /** An error (a server error, a reset connection): the node may have applied the request or not. */
    FAILED,
    /** The client gave up waiting: the node may have applied the request or not. */
    TIMEOUT;

    /** Whether the client cannot know if the request was applied. */
    public boolean indeterminate() {
        return this != OK;
    }
}

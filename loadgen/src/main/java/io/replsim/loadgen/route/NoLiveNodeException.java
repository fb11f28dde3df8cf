package io.replsim.loadgen.route;

import java.time.Instant;

/** Every node is marked down; a balancer would answer 503. {@link #retryAt()} is when the first one is tried again. */
public final class NoLiveNodeException extends Exception {

    private final transient Instant retryAt;

    NoLiveNodeException(String message, Instant retryAt) {
        super(message);
        this.retryAt = retryAt;
    }

    public Instant retryAt() {
        return retryAt;
    }
}

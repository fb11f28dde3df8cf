package io.replsim.loadgen.user;

import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.SessionCookie;

import java.time.Duration;
import java.util.Optional;

/**
 * What a {@link VirtualUser} asks its runtime to do next. The user decides; the runtime (a virtual thread that
 * blocks, or an event loop that does not) only carries it out and reports back.
 */
public sealed interface UserAction {

    /**
     * One request attempt to {@code node}: report its outcome with {@link VirtualUser#answered}. {@code requestId}
     * is its id in the run's history, sent as {@code X-Replsim-Request}; 0 when no history is kept. {@code timeout}
     * is how long the attempt may wait for its answer when a balancer's retry on a timeout sets it; empty: the
     * client's request timeout.
     */
    record Send(NodeEndpoint node, String path, Optional<SessionCookie> cookie, long requestId,
                Optional<Duration> timeout) implements UserAction {

        /** An attempt that waits the client's request timeout. */
        public Send(NodeEndpoint node, String path, Optional<SessionCookie> cookie, long requestId) {
            this(node, path, cookie, requestId, Optional.empty());
        }
    }

    /**
     * Nothing to do until {@code untilNanos} ({@link System#nanoTime()} terms, never past the run's deadline): then
     * call {@link VirtualUser#woke}.
     */
    record Pause(long untilNanos) implements UserAction {
    }

    /** The user has stopped; its figures are final. */
    record Stop() implements UserAction {
    }

    Stop STOP = new Stop();
}

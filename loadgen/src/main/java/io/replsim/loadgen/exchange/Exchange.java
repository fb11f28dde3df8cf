package io.replsim.loadgen.exchange;

import io.replsim.loadgen.ErrorKind;

import java.util.Optional;

/** The outcome of one request attempt to one node. */
public sealed interface Exchange {

    /** Epoch milliseconds at which the outcome was seen. */
    long atMs();

    /**
     * The node answered.
     *
     * @param status    the HTTP status
     * @param node      who served it: {@code X-Replsim-Node}, else the body's {@code node}, else the node asked
     * @param reply     the parsed body of a {@code 200}, absent for any other status
     * @param setCookie a {@code JSESSIONID} the node issued, if it issued one
     */
    record Answered(long atMs, int status, String node, Optional<CounterReply> reply,
                    Optional<SessionCookie> setCookie) implements Exchange {
    }

    /** No usable answer. {@code detail} says what went wrong, for logs. */
    record Failed(long atMs, ErrorKind kind, String detail) implements Exchange {
    }
}

package io.replsim.loadgen.exchange;

import io.replsim.loadgen.check.CounterReply;

import java.util.List;
import java.util.Optional;

/** The outcome of one request attempt to one node. */
public sealed interface Exchange {

    /** Epoch milliseconds at which the outcome was seen. */
    long atMs();

    /**
     * Whether the client sent the request whole twice: first on a kept-alive connection that then failed before
     * any answer, then once more on a new one (the clients' own resend, as browsers and pools do). A node may have
     * applied it both times, so a write so sent may show twice.
     */
    boolean resent();

    /** The same outcome, of a request the client sent whole twice. */
    Exchange asResent();

    /**
     * The node answered.
     *
     * @param status    the HTTP status
     * @param node      who served it: {@code X-Replsim-Node}, else the body's {@code node}, else the node asked
     * @param reply     the parsed body of a {@code 200}, absent for any other status
     * @param setCookie a {@code JSESSIONID} the node issued, if it issued one
     * @param sessionUnreadable whether the node said it could not read the session ({@code X-Replsim-Session:
     *                          unreadable} on a {@code 500}, docs/interfaces.md §2)
     * @param sessionExpired    whether the node said the session the request named had expired ({@code
     *                          X-Replsim-Session: expired} on a {@code 200} with a new session)
     * @param list              the session's list of recorded writes a {@code 200} showed ({@link RecordedList}),
     *                          absent without one
     * @param resent            see {@link Exchange#resent()}
     * @param cookieExpired     whether the answer expired the session cookie ({@code Max-Age=0} or an {@code Expires}
     *                          date past, {@link SessionCookie#expiredBy}): a browser stops sending it
     */
    record Answered(long atMs, int status, String node, Optional<CounterReply> reply,
                    Optional<SessionCookie> setCookie, boolean sessionUnreadable, boolean sessionExpired,
                    Optional<List<Long>> list, boolean resent, boolean cookieExpired) implements Exchange {

        /** An answer that leaves the cookie it did not set as it was. */
        public Answered(long atMs, int status, String node, Optional<CounterReply> reply,
                        Optional<SessionCookie> setCookie, boolean sessionUnreadable, boolean sessionExpired,
                        Optional<List<Long>> list, boolean resent) {
            this(atMs, status, node, reply, setCookie, sessionUnreadable, sessionExpired, list, resent, false);
        }

        /** An answer to a request sent once. */
        public Answered(long atMs, int status, String node, Optional<CounterReply> reply,
                        Optional<SessionCookie> setCookie, boolean sessionUnreadable, boolean sessionExpired,
                        Optional<List<Long>> list) {
            this(atMs, status, node, reply, setCookie, sessionUnreadable, sessionExpired, list, false);
        }

        /** An answer without a recorded list. */
        public Answered(long atMs, int status, String node, Optional<CounterReply> reply,
                        Optional<SessionCookie> setCookie, boolean sessionUnreadable, boolean sessionExpired) {
            this(atMs, status, node, reply, setCookie, sessionUnreadable, sessionExpired, Optional.empty());
        }

        /** An answer that says nothing about the session's readability or expiry. */
        public Answered(long atMs, int status, String node, Optional<CounterReply> reply,
                        Optional<SessionCookie> setCookie) {
            this(atMs, status, node, reply, setCookie, false, false);
        }

        @Override
        public Answered asResent() {
            return new Answered(atMs, status, node, reply, setCookie, sessionUnreadable, sessionExpired, list, true,
                    cookieExpired);
        }
    }

    /**
     * No usable answer. {@code detail} says what went wrong, for logs.
     *
     * @param unanswered whether the request went out whole and its connection then closed or was reset before any
     *                   byte of an answer came ({@link ErrorKind#IO} only): what a node killed with the request in
     *                   flight leaves, and what a balancer may pass on to another node for a request that only reads
     * @param resent     see {@link Exchange#resent()}
     */
    record Failed(long atMs, ErrorKind kind, String detail, boolean unanswered, boolean resent) implements Exchange {

        /** A failure of a request sent once. */
        public Failed(long atMs, ErrorKind kind, String detail, boolean unanswered) {
            this(atMs, kind, detail, unanswered, false);
        }

        /** A failure that is not known to have come before any byte of an answer. */
        public Failed(long atMs, ErrorKind kind, String detail) {
            this(atMs, kind, detail, false);
        }

        @Override
        public Failed asResent() {
            return new Failed(atMs, kind, detail, unanswered, true);
        }
    }
}

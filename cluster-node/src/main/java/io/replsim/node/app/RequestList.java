package io.replsim.node.app;

import io.replsim.replication.session.Session;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.HttpString;
import java.util.Arrays;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * The session's list of the requests that wrote it, for the driver's history (docs/drills.md, "Session
 * consistency"): a request carrying {@code X-Replsim-Request: <id>} that writes appends its id to the attribute
 * {@value #ATTRIBUTE}, replicated like any other attribute (so under attribute granularity a lost update of it is a
 * missing element), and its answer shows the list in {@code X-Replsim-List} ({@code 3,7,12}; empty when it holds
 * none). A request without the header touches neither, so a run that records no history pays nothing for it.
 */
final class RequestList {
    static final String ATTRIBUTE = "replsim.list";
    static final HttpString REQUEST_HEADER = HttpString.tryFromString("X-Replsim-Request");
    static final HttpString LIST_HEADER = HttpString.tryFromString("X-Replsim-List");

    private RequestList() {
    }

    /**
     * The id the request carries, if it carries one.
     *
     * @throws IllegalArgumentException saying what the header takes, when it is not one whole number
     */
    static OptionalLong requestId(HttpServerExchange exchange) {
        HeaderValues values = exchange.getRequestHeaders().get(REQUEST_HEADER);
        if (values == null || values.isEmpty()) {
            return OptionalLong.empty();
        }
        try {
            if (values.size() == 1) {
                return OptionalLong.of(Long.parseLong(values.getFirst().strip()));
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(REQUEST_HEADER + " is " + values + "; it takes one whole number, the"
                + " request's id, which a writing request appends to the session's list");
    }

    /** Appends {@code id} to the session's list (a new array, so the change is a set and gets replicated). */
    static void append(Session session, long id) {
        long[] held = read(session);
        long[] grown = Arrays.copyOf(held, held.length + 1);
        grown[held.length] = id;
        session.setAttribute(ATTRIBUTE, grown);
    }

    /** The list as {@code X-Replsim-List} shows it ({@code 3,7,12}), read without marking anything dirty. */
    static String shown(Session session) {
        return Arrays.stream(read(session)).mapToObj(Long::toString).collect(Collectors.joining(","));
    }

    private static long[] read(Session session) {
        // absent until the session's first recorded write; anything else there is a damaged replica
        return session.peekAttribute(ATTRIBUTE).isEmpty() ? new long[0]
                : UnreadableSessionException.peeked(session, ATTRIBUTE, long[].class);
    }
}

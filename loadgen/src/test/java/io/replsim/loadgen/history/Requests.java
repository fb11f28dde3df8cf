package io.replsim.loadgen.history;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Requests of made-up histories, times in milliseconds: {@code Requests.of(2).user(1).on("s").append().at(20, 21)
 * .ok("node1", "s", 1, 2)} is request 2 of user 1 appending 2 to session s, answered by node1 with [1, 2].
 */
public final class Requests {

    private final long id;
    private int user;
    private int tab;
    private Optional<String> sent = Optional.empty();
    private Operation operation = new Operation.Read();
    private long fromMs;
    private long toMs;
    private boolean resent;

    private Requests(long id) {
        this.id = id;
    }

    public static Requests of(long id) {
        return new Requests(id);
    }

    public Requests user(int value) {
        user = value;
        return this;
    }

    public Requests tab(int value) {
        tab = value;
        return this;
    }

    /** The session the request carries. */
    public Requests on(String session) {
        sent = Optional.of(session);
        return this;
    }

    /** Appends its own id. */
    public Requests append() {
        operation = new Operation.Append(id);
        return this;
    }

    public Requests logout() {
        operation = new Operation.Logout();
        return this;
    }

    /** Sent whole twice by the client (a kept-alive connection failed unanswered, then a new one). */
    public Requests resent() {
        resent = true;
        return this;
    }

    public Requests at(long sentMs, long endedMs) {
        fromMs = sentMs;
        toMs = endedMs;
        return this;
    }

    public HistoryRequest ok(String node, String session, long... read) {
        return answered(node, new Answer(session, Optional.of(list(read)), false));
    }

    /** Acknowledged by {@code node}, which said the session sent had expired and answered with a new one. */
    public HistoryRequest expiredInto(String node, String session, long... read) {
        return answered(node, new Answer(session, Optional.of(list(read)), true));
    }

    /** Acknowledged with an answer that carried no list. */
    public HistoryRequest okWithoutList(String node, String session) {
        return answered(node, new Answer(session, Optional.empty(), false));
    }

    public HistoryRequest ended(Outcome outcome) {
        return new HistoryRequest(id, user, tab, sent, operation, fromMs * 1000, toMs * 1000, outcome,
                Optional.empty(), Optional.empty(), resent);
    }

    private HistoryRequest answered(String node, Answer answer) {
        return new HistoryRequest(id, user, tab, sent, operation, fromMs * 1000, toMs * 1000, Outcome.OK,
                Optional.of(node), Optional.of(answer), resent);
    }

    private static List<Long> list(long... read) {
        return Arrays.stream(read).boxed().toList();
    }
}

package io.replsim.loadgen.history;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One request of a history (one line of {@code history.jsonl}): who sent it, on which session, what it asked,
 * when it was sent and when it ended (microseconds after the history's start), how it ended, which node answered,
 * and what the answer showed.
 *
 * @param id          unique in the history
 * @param sentSession the session the request carried (its cookie); empty when the user held none yet
 * @param node        the node that answered (also a failed request's, when a node gave the error)
 * @param answer      present exactly when the outcome is {@link Outcome#OK}
 * @param resent      whether the client sent it whole twice, the second time on a new connection after a kept-alive
 *                    one failed before any answer: a node may have applied it twice, by the client's doing
 */
public record HistoryRequest(long id, int user, int tab, Optional<String> sentSession, Operation operation,
                             long invokeMicros, long completeMicros, Outcome outcome, Optional<String> node,
                             Optional<Answer> answer, boolean resent) {

    public HistoryRequest {
        Objects.requireNonNull(sentSession, "sentSession");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(answer, "answer");
        if (completeMicros < invokeMicros) {
            throw new IllegalArgumentException("request " + id + " ends (" + completeMicros
                    + " µs) before it was sent (" + invokeMicros + " µs)");
        }
        if (answer.isPresent() != (outcome == Outcome.OK)) {
            throw new IllegalArgumentException("request " + id + " is " + outcome.name().toLowerCase(Locale.ROOT)
                    + (answer.isPresent() ? " but has an answer: only an ok request has one"
                    : " but has no answer: an ok request names at least the session that answered"));
        }
    }

    public OptionalLong appended() {
        return operation.appended();
    }

    public boolean acknowledged() {
        return outcome == Outcome.OK;
    }

    /** The list its answer showed, when it was acknowledged with one. */
    public Optional<List<Long>> read() {
        return answer.flatMap(Answer::read);
    }

    /**
     * The session the user meant to read: the one it sent, else the one the answer created. A request whose answer
     * came from another session than it sent read that session as the user holds it, and found its state gone.
     */
    public Optional<String> readSession() {
        return sentSession.or(() -> answer.map(Answer::session));
    }

    /** The session its append went to: the answering one when acknowledged, else the one it sent. */
    public Optional<String> writeSession() {
        return answer.map(Answer::session).or(() -> sentSession);
    }

    /** Whether it was sent after {@code earlier} ended (real-time order; the same microsecond is concurrent). */
    public boolean after(HistoryRequest earlier) {
        return invokeMicros > earlier.completeMicros;
    }

    /**
     * One line for a person: {@code #12 user 3 tab 1 append 12 on s1, 1.000000-1.010000 s: ok from node1, read [3,
     * 12]}.
     */
    public String describe() {
        String what = switch (operation) {
            case Operation.Append append -> "append " + append.element();
            case Operation.Read read -> "read";
            case Operation.Logout logout -> "logout";
        };
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                "#%d user %d tab %d %s on %s, %.6f-%.6f s: %s", id, user, tab, what, sentSession.orElse("(no session)"), invokeMicros / 1e6, completeMicros / 1e6,
                outcome.name().toLowerCase(Locale.ROOT)));
        if (resent) {
            line.append(" (sent twice by the client)");
        }
        node.ifPresent(name -> line.append(" from ").append(name));
        answer.ifPresent(shown -> {
            if (!sentSession.equals(Optional.of(shown.session()))) {
                line.append(", session ").append(shown.session());
            }
            if (shown.sentSessionExpired()) {
                line.append(" (the sent session expired)");
            }
            shown.read().ifPresent(list -> line.append(", read ").append(list));
        });
        return line.toString();
    }
}

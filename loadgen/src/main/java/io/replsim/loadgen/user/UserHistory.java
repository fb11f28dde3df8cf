package io.replsim.loadgen.user;

import io.replsim.loadgen.check.CounterReply;
import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.exchange.SessionCookie;
import io.replsim.loadgen.history.Answer;
import io.replsim.loadgen.history.HistoryRecorder;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Operation;
import io.replsim.loadgen.history.Outcome;
import java.util.Optional;

/**
 * What one user hands the run's history, when one is kept: each request once, with the id it was sent with (kept
 * across the attempts of a request refused and sent on to the next node, since a refused attempt reached no node,
 * and of a read sent on after its node left it unanswered, since reading twice changes nothing), and how it ended.
 * One per tab: a tab has one request in flight, and a user's tabs share its session. Sessions are named by their id
 * without the route, which a failover changes.
 */
final class UserHistory {
    private final Optional<HistoryRecorder> recorder;
    private final int user;
    private final int tab;
    private long id;
    private long invokeMicros;
    private Optional<String> sentSession = Optional.empty();
    private Operation operation;

    UserHistory(Optional<HistoryRecorder> recorder, int user, int tab) {
        this.recorder = recorder;
        this.user = user;
        this.tab = tab;
    }

    /**
     * A request is sent now: its id for {@code X-Replsim-Request}, 0 when no history is kept.
     *
     * @param reads whether it only reads its session (a script's read-only request)
     */
    long sent(Optional<SessionCookie> cookie, boolean logout, boolean reads, long nowNanos) {
        if (recorder.isEmpty()) {
            return 0;
        }
        id = recorder.get().nextId();
        invokeMicros = recorder.get().micros(nowNanos);
        sentSession = cookie.map(SessionCookie::sessionId);
        operation = logout ? new Operation.Logout() : reads ? new Operation.Read() : new Operation.Append(id);
        return id;
    }

    /** The request sent last ended with {@code exchange} at {@code nowNanos}. */
    void ended(Exchange exchange, long nowNanos) {
        if (recorder.isEmpty()) {
            return;
        }
        long completeMicros = Math.max(invokeMicros, recorder.get().micros(nowNanos));
        Outcome outcome = Outcome.FAILED;
        Optional<String> node = Optional.empty();
        Optional<Answer> answer = Optional.empty();
        switch (exchange) {
            case Exchange.Answered answered -> {
                node = Optional.of(answered.node());
                Optional<CounterReply> reply = answered.reply();
                if (answered.status() == 200 && reply.isPresent()) {
                    outcome = Outcome.OK;
                    answer = Optional.of(new Answer(reply.get().session(), answered.list(),
                            answered.sessionExpired()));
                }
            }
            case Exchange.Failed failed when failed.kind() == ErrorKind.TIMEOUT -> outcome = Outcome.TIMEOUT;
            case Exchange.Failed failed -> outcome = Outcome.FAILED;
        }
        recorder.get().record(new HistoryRequest(id, user, tab, sentSession, operation, invokeMicros, completeMicros,
                outcome, node, answer, exchange.resent()));
    }
}

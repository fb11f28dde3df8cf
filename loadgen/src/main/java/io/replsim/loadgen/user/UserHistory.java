package io.replsim.loadgen.user;

import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.exchange.SessionCookie;
import io.replsim.loadgen.history.HistoryRecorder;
import io.replsim.loadgen.history.Operation;
import io.replsim.loadgen.history.SentRequest;
import java.util.Optional;

/**
 * What one user hands the run's history, when one is kept: each request once, with the id it was sent with (kept
 * across the attempts of a request refused and sent on to the next node, since a refused attempt reached no node,
 * of a read sent on after its node left it unanswered, since reading twice changes nothing, and of a request the
 * balancer sent on after its retry timeout, since a balancer passes the same request on), and how it ended.
 * One per tab: a tab has one request in flight, and a user's tabs share its session. Sessions are named by their id
 * without the route, which a failover changes.
 */
final class UserHistory {
    private final Optional<HistoryRecorder> recorder;
    private final int user;
    private final int tab;
    private SentRequest sent;

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
        long id = recorder.get().nextId();
        Operation operation = logout ? new Operation.Logout() : reads ? new Operation.Read() : new Operation.Append(id);
        sent = new SentRequest(id, user, tab, cookie.map(SessionCookie::sessionId), operation,
                recorder.get().micros(nowNanos));
        return id;
    }

    /** The request sent last ended with {@code exchange} at {@code nowNanos}. */
    void ended(Exchange exchange, long nowNanos) {
        if (recorder.isEmpty()) {
            return;
        }
        recorder.get().record(sent.ended(exchange, recorder.get().micros(nowNanos)));
    }
}

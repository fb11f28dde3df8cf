package io.replsim.loadgen.history;

import io.replsim.loadgen.check.CounterReply;
import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.exchange.Exchange;
import java.util.Objects;
import java.util.Optional;

/**
 * A request of a history on its way: what is known of it when it is sent. {@link #ended} makes it the request the
 * history keeps, from the exchange it ended with; the driver's users record every request so, and a test that sends
 * a history's requests one by one records them the same way.
 *
 * @param sentSession the session id the request carried (without the route), empty when it carried none
 */
public record SentRequest(long id, int user, int tab, Optional<String> sentSession, Operation operation,
                          long invokeMicros) {

    public SentRequest {
        Objects.requireNonNull(sentSession, "sentSession");
        Objects.requireNonNull(operation, "operation");
    }

    /**
     * The request as it ended with {@code exchange} at {@code completeMicros}: {@code ok} only for a {@code 200} with
     * a counter reply (its answer the reply's session, the list it showed and whether the sent session had expired),
     * {@code timeout} when the client gave up, {@code failed} for any other status or error.
     */
    public HistoryRequest ended(Exchange exchange, long completeMicros) {
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
        return new HistoryRequest(id, user, tab, sentSession, operation, invokeMicros,
                Math.max(invokeMicros, completeMicros), outcome, node, answer, exchange.resent());
    }
}

package io.replsim.scenario.run;

import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Operation;
import java.util.List;
import java.util.function.Predicate;

/**
 * The requests of a history that carried the id of a session their user had logged out of, sent after that logout
 * (acknowledged) ended: what a logout that leaves the cookie makes a user send.
 */
final class EndedIdsSentAgain {
    private EndedIdsSentAgain() {
    }

    /** Those sent again after the logouts {@code logouts} accepts. */
    static List<HistoryRequest> after(List<HistoryRequest> history, Predicate<HistoryRequest> logouts) {
        List<HistoryRequest> ended = history.stream().filter(request -> request.acknowledged()
                && request.operation() instanceof Operation.Logout && request.sentSession().isPresent())
                .filter(logouts).toList();
        return history.stream().filter(request -> ended.stream().anyMatch(logout -> logout.user() == request.user()
                        && request.after(logout) && request.sentSession().equals(logout.sentSession())))
                .toList();
    }
}

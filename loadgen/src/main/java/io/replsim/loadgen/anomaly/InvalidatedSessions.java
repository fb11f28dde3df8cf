package io.replsim.loadgen.anomaly;

import io.replsim.loadgen.history.Answer;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Operation;
import java.util.List;
import java.util.Optional;

/**
 * A session that was surely invalidated (an acknowledged logout, or a node's answer that it had expired) and that
 * answers a request sent after that under its own id with an element appended before the invalidation ended: its
 * old state came back. The first such answer per invalidation is the proof.
 */
final class InvalidatedSessions implements AnomalyCheck {

    @Override
    public List<Anomaly> find(HistoryIndex history) {
        return history.requests().stream().filter(InvalidatedSessions::invalidates)
                .flatMap(end -> oldStateAfter(end, history).stream()
                        .map(answer -> (Anomaly) new Anomaly.InvalidatedSessionAnswered(end, answer)))
                .toList();
    }

    private static boolean invalidates(HistoryRequest request) {
        return request.acknowledged() && request.sentSession().isPresent()
                && (request.operation() instanceof Operation.Logout
                || request.answer().orElseThrow().sentSessionExpired());
    }

    private static Optional<HistoryRequest> oldStateAfter(HistoryRequest end, HistoryIndex history) {
        String session = end.sentSession().orElseThrow();
        return history.readsSentWith(session).stream().filter(read -> read.after(end))
                .filter(read -> read.answer().map(Answer::session).orElseThrow().equals(session))
                .filter(read -> read.read().orElseThrow().stream()
                        .anyMatch(element -> history.writerOf(element).invokeMicros() < end.completeMicros()))
                .findFirst();
    }
}

package io.replsim.loadgen.anomaly;

import io.replsim.loadgen.history.History;
import io.replsim.loadgen.history.HistoryRequest;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads a history of requests on sessions whose state is a list of the elements their writes appended, and names
 * each anomaly of every kind with the requests that prove it (docs/drills.md, "Session consistency"). Only
 * acknowledged answers with a list of known elements are judged; the others are counted as not judged.
 */
public final class ConsistencyChecker {

    private static final Map<AnomalyKind, AnomalyCheck> CHECKS = Map.of(
            AnomalyKind.LOST_UPDATE, new LostUpdates(),
            AnomalyKind.READ_YOUR_WRITES_VIOLATED, new ReadYourWrites(),
            AnomalyKind.NON_MONOTONIC_READ, new MonotonicReads(),
            AnomalyKind.INDETERMINATE_WRITE_APPLIED, new IndeterminateWrites(),
            AnomalyKind.INVALIDATED_SESSION_ANSWERED, new InvalidatedSessions(),
            AnomalyKind.WRITE_APPLIED_TWICE, DuplicateWrites.ofWritesSentOnce(),
            AnomalyKind.RESEND_APPLIED_TWICE, DuplicateWrites.ofResentWrites());

    private ConsistencyChecker() {
    }

    public static Consistency check(List<HistoryRequest> history) {
        return check(new History(history, 0));
    }

    /** The history's requests checked; those the driver dropped unwritten are counted as not judged. */
    public static Consistency check(History recorded) {
        List<HistoryRequest> history = recorded.requests();
        HistoryIndex index = new HistoryIndex(history);
        List<Anomaly> anomalies = Stream.of(AnomalyKind.values()).flatMap(kind -> CHECKS.get(kind).find(index).stream()
                        .sorted(Comparator.comparing(anomaly -> anomaly.proof().getFirst(), HistoryIndex.BY_SEND)))
                .toList();
        int indeterminate = (int) history.stream().filter(request -> request.outcome().indeterminate()).count();
        return new Consistency(history.size(), index.judgedReads().size(), indeterminate, index.unjudged(),
                recorded.dropped(), anomalies);
    }
}

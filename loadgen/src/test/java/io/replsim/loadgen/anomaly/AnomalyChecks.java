package io.replsim.loadgen.anomaly;

import io.replsim.loadgen.history.HistoryRequest;
import java.util.List;

/** The anomalies of one kind the checker finds in a made-up history, as the ids of their proofs. */
final class AnomalyChecks {

    private AnomalyChecks() {
    }

    static List<List<Long>> proofs(AnomalyKind kind, HistoryRequest... history) {
        return ConsistencyChecker.check(List.of(history)).of(kind).stream()
                .map(anomaly -> anomaly.proof().stream().map(HistoryRequest::id).toList()).toList();
    }
}

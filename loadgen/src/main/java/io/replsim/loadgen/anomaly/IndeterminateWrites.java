package io.replsim.loadgen.anomaly;

import io.replsim.loadgen.history.HistoryRequest;
import java.util.List;

/** An append that failed or timed out for its client, whose element a read shows: the first such read proves it. */
final class IndeterminateWrites implements AnomalyCheck {

    @Override
    public List<Anomaly> find(HistoryIndex history) {
        return history.requests().stream()
                .filter(write -> write.outcome().indeterminate() && write.appended().isPresent())
                .flatMap(write -> history.firstReadOf(write.appended().getAsLong()).stream()
                        .map(read -> (Anomaly) new Anomaly.IndeterminateWriteApplied(write, read)))
                .toList();
    }
}

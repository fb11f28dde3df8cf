package io.replsim.loadgen.anomaly;

import io.replsim.loadgen.history.HistoryRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * An acknowledged append that a read of the same user, sent after the acknowledgement, lacks, while the last read of
 * the session shows it: the user saw its own write missing for a while. A write the last read lacks is a lost update
 * instead, so one missing write is counted once. The first read that lacks it is the proof.
 */
final class ReadYourWrites implements AnomalyCheck {

    @Override
    public List<Anomaly> find(HistoryIndex history) {
        List<Anomaly> violations = new ArrayList<>();
        for (HistoryRequest write : history.requests()) {
            if (!write.acknowledged() || write.appended().isEmpty()) {
                continue;
            }
            long element = write.appended().getAsLong();
            List<HistoryRequest> later = history.readsAfter(write);
            if (later.isEmpty() || !HistoryIndex.holds(later.getLast(), element)) {
                continue;
            }
            later.stream().filter(read -> read.user() == write.user())
                    .filter(read -> !HistoryIndex.holds(read, element)).findFirst()
                    .ifPresent(read -> violations.add(new Anomaly.ReadYourWritesViolated(write, read)));
        }
        return violations;
    }
}

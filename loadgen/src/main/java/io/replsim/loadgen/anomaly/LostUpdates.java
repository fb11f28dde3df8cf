package io.replsim.loadgen.anomaly;

import io.replsim.loadgen.history.HistoryRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * An acknowledged append whose element the last read of its session lacks, of the reads sent after the
 * acknowledgement while the session lived: that read is the session's final word on the write, and with the write
 * it is the proof. Reads between them may have shown it (a write read once and lost at a merge is still lost). A
 * write with no read after it is not judged: nothing read the session again.
 */
final class LostUpdates implements AnomalyCheck {

    @Override
    public List<Anomaly> find(HistoryIndex history) {
        List<Anomaly> lost = new ArrayList<>();
        for (HistoryRequest write : history.requests()) {
            if (!write.acknowledged() || write.appended().isEmpty()) {
                continue;
            }
            long element = write.appended().getAsLong();
            List<HistoryRequest> later = history.readsAfter(write);
            if (!later.isEmpty() && !HistoryIndex.holds(later.getLast(), element)) {
                lost.add(new Anomaly.LostUpdate(write, later.getLast()));
            }
        }
        return lost;
    }
}

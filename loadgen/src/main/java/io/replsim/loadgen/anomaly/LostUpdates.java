package io.replsim.loadgen.anomaly;

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
        return history.followedWrites().stream().filter(followed -> !followed.lastReadHoldsIt())
                .map(followed -> (Anomaly) new Anomaly.LostUpdate(followed.write(), followed.later().getLast()))
                .toList();
    }
}

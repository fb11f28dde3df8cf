package io.replsim.loadgen.anomaly;

import io.replsim.loadgen.history.HistoryRequest;
import java.util.List;

/**
 * An acknowledged append and the reads of its session sent after the acknowledgement while the session lived (at
 * least one), in send order: what lost updates and read-your-writes are judged on.
 */
record FollowedWrite(HistoryRequest write, long element, List<HistoryRequest> later) {

    /** Whether the session's last read after the write shows it: its final word on the write. */
    boolean lastReadHoldsIt() {
        return HistoryIndex.holds(later.getLast(), element);
    }
}

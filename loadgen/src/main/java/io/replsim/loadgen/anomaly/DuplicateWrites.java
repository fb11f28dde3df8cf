package io.replsim.loadgen.anomaly;

import io.replsim.loadgen.history.HistoryRequest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A read whose list holds one element more than once: the first read of each session that shows it proves it. One
 * check counts the writes their client sent once (the cluster applied one twice), the other those it sent twice
 * (the client's own resend, {@link HistoryRequest#resent()}), so that neither is taken for the other.
 */
final class DuplicateWrites implements AnomalyCheck {

    private final boolean resent;

    private DuplicateWrites(boolean resent) {
        this.resent = resent;
    }

    /** {@link AnomalyKind#WRITE_APPLIED_TWICE}. */
    static DuplicateWrites ofWritesSentOnce() {
        return new DuplicateWrites(false);
    }

    /** {@link AnomalyKind#RESEND_APPLIED_TWICE}. */
    static DuplicateWrites ofResentWrites() {
        return new DuplicateWrites(true);
    }

    @Override
    public List<Anomaly> find(HistoryIndex history) {
        List<Anomaly> found = new ArrayList<>();
        Set<String> reported = new HashSet<>();
        for (HistoryRequest read : history.judgedReads()) {
            Set<Long> once = new HashSet<>();
            for (long element : read.read().orElseThrow()) {
                if (once.add(element)) {
                    continue;
                }
                HistoryRequest write = history.writerOf(element);
                if (write.resent() == resent && reported.add(read.readSession().orElseThrow() + " " + element)) {
                    found.add(resent ? new Anomaly.ResendAppliedTwice(write, read)
                            : new Anomaly.WriteAppliedTwice(write, read));
                }
            }
        }
        return found;
    }
}

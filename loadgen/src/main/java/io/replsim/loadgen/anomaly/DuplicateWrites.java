package io.replsim.loadgen.anomaly;

import io.replsim.loadgen.history.HistoryRequest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** A read whose list holds one element more than once: the first read of each session that shows it proves it. */
final class DuplicateWrites implements AnomalyCheck {

    @Override
    public List<Anomaly> find(HistoryIndex history) {
        List<Anomaly> found = new ArrayList<>();
        Set<String> reported = new HashSet<>();
        for (HistoryRequest read : history.judgedReads()) {
            Set<Long> once = new HashSet<>();
            for (long element : read.read().orElseThrow()) {
                if (!once.add(element) && reported.add(read.readSession().orElseThrow() + " " + element)) {
                    found.add(new Anomaly.WriteAppliedTwice(history.writerOf(element), read));
                }
            }
        }
        return found;
    }
}

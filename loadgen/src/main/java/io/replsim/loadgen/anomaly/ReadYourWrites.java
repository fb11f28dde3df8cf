package io.replsim.loadgen.anomaly;

import java.util.List;

/**
 * An acknowledged append that a read of the same user, sent after the acknowledgement, lacks, while the last read of
 * the session shows it: the user saw its own write missing for a while. A write the last read lacks is a lost update
 * instead, so one missing write is counted once. The first read that lacks it is the proof.
 */
final class ReadYourWrites implements AnomalyCheck {

    @Override
    public List<Anomaly> find(HistoryIndex history) {
        return history.followedWrites().stream().filter(FollowedWrite::lastReadHoldsIt)
                .flatMap(followed -> followed.later().stream()
                        .filter(read -> read.user() == followed.write().user())
                        .filter(read -> !HistoryIndex.holds(read, followed.element())).findFirst()
                        .map(read -> (Anomaly) new Anomaly.ReadYourWritesViolated(followed.write(), read)).stream())
                .toList();
    }
}

package io.replsim.loadgen.anomaly;

import java.util.List;

/**
 * What the checker made of a history: how many requests it held, how many acknowledged answers it judged, how many
 * ended with an unknown outcome (failed or timed out), the answers it could not judge and why, how many requests the
 * driver dropped unwritten (not judged either), and the anomalies, by kind and then by when their proof began.
 */
public record Consistency(int requests, int judged, int indeterminate, List<Unjudged> unjudged, long dropped,
                          List<Anomaly> anomalies) {

    public Consistency {
        unjudged = List.copyOf(unjudged);
        anomalies = List.copyOf(anomalies);
    }

    /** The answers it could not judge and the requests dropped unwritten: none of them is counted OK. */
    public long notJudged() {
        return unjudged.size() + dropped;
    }

    public List<Anomaly> of(AnomalyKind kind) {
        return anomalies.stream().filter(anomaly -> anomaly.kind() == kind).toList();
    }

    /** The anomalies a correct cluster does not show. */
    public List<Anomaly> illegal() {
        return anomalies.stream().filter(anomaly -> !anomaly.kind().legal()).toList();
    }
}

package io.replsim.loadgen.anomaly;

import java.util.List;

/** Finds the anomalies of one kind in a history, each with its proof. */
interface AnomalyCheck {

    List<Anomaly> find(HistoryIndex history);
}

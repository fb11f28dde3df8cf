package io.replsim.loadgen.anomaly;

import io.replsim.loadgen.history.HistoryRequest;

/** An acknowledged request whose answer the checker cannot judge, and why: counted as such, never as OK. */
public record Unjudged(HistoryRequest request, String why) {
}

package io.replsim.cli;

import io.replsim.loadgen.anomaly.Anomaly;
import io.replsim.loadgen.anomaly.AnomalyKind;
import io.replsim.loadgen.anomaly.Consistency;
import io.replsim.loadgen.anomaly.Unjudged;
import io.replsim.loadgen.history.HistoryRequest;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What {@code replsim check} prints: the history's counts, then per anomaly kind its count and each anomaly's proof
 * (the requests, and why they prove it), the first answers not judged and why, and the verdict.
 */
final class ConsistencyReport {

    /** Answers not judged are alike (one app's answers carry no list): the first few say why. */
    private static final int UNJUDGED_SHOWN = 10;

    private ConsistencyReport() {
    }

    static void print(Path file, Consistency consistency, PrintStream out) {
        out.printf(Locale.ROOT, "history   %s: %,d requests, %,d answers judged, %,d failed or timed out, %,d not"
                        + " judged%n", file, consistency.requests(), consistency.judged(),
                consistency.indeterminate(), consistency.notJudged());
        for (AnomalyKind kind : AnomalyKind.values()) {
            List<Anomaly> anomalies = consistency.of(kind);
            out.printf(Locale.ROOT, "%-36s %,d%s%n", kind.label(), anomalies.size(),
                    kind.legal() ? "   (legal: counted, not failed)" : "");
            for (Anomaly anomaly : anomalies) {
                for (HistoryRequest request : anomaly.proof()) {
                    out.println("    " + request.describe());
                }
                out.println("    why: " + anomaly.why());
            }
        }
        List<Unjudged> unjudged = consistency.unjudged();
        for (Unjudged one : unjudged.subList(0, Math.min(unjudged.size(), UNJUDGED_SHOWN))) {
            out.println("not judged  " + one.request().describe() + ": " + one.why());
        }
        if (unjudged.size() > UNJUDGED_SHOWN) {
            out.printf(Locale.ROOT, "not judged  and %,d more%n", unjudged.size() - UNJUDGED_SHOWN);
        }
        if (consistency.dropped() > 0) {
            out.printf(Locale.ROOT, "not judged  %,d requests the driver recorded but dropped unwritten (its history"
                    + " queue was full)%n", consistency.dropped());
        }
        int illegal = consistency.illegal().size();
        out.println(illegal == 0 ? "result    PASS: no anomaly a correct cluster does not show"
                : String.format(Locale.ROOT, "result    FAIL: %,d %s a correct cluster does not show", illegal,
                illegal == 1 ? "anomaly" : "anomalies"));
    }
}

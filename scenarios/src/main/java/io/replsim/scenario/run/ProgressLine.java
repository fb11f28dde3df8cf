package io.replsim.scenario.run;

import io.replsim.loadgen.record.LoadProgress;
import java.util.List;
import java.util.Locale;

/** One line of progress while a run goes: how far, how busy, how fast, how many failed, and the view now. */
public final class ProgressLine {

    private ProgressLine() {
    }

    public static String format(LoadProgress progress, int users, List<String> view) {
        String p90 = Double.isNaN(progress.p90Millis()) ? "      -" : String.format(Locale.ROOT, "%7.1f", progress.p90Millis());
        return String.format(Locale.ROOT, "[%5.1fs] users %d/%d   %7.1f req/s   p90 %s ms   errors %d (total %d)   view %s",
                progress.elapsed().toMillis() / 1000.0, progress.activeUsers(), users, progress.requestsPerSecond(),
                p90, progress.errors(), progress.errorsTotal(), view);
    }
}

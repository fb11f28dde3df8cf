package io.replsim.scenario.run;

import io.replsim.loadgen.LoadResult;
import io.replsim.scenario.report.HeapTrend;
import io.replsim.scenario.report.RunSummary;
import java.nio.file.Path;
import java.util.List;

/**
 * A finished run: its figures, each node process's heap after GC over the load, where its files are, and what the
 * driver recorded (each user's timeline, for a test that sets it beside what the nodes logged).
 */
public record RunOutcome(RunSummary summary, Path directory, List<HeapTrend> heap, LoadResult load) {

    public RunOutcome {
        heap = List.copyOf(heap);
    }

    public boolean passed() {
        return summary.passed();
    }
}

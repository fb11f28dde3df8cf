package io.replsim.scenario.run;

import io.replsim.scenario.report.HeapTrend;
import io.replsim.scenario.report.RunSummary;
import java.nio.file.Path;
import java.util.List;

/** A finished run: its figures, each node process's heap after GC over the load, and where its files are. */
public record RunOutcome(RunSummary summary, Path directory, List<HeapTrend> heap) {

    public RunOutcome {
        heap = List.copyOf(heap);
    }

    public RunOutcome(RunSummary summary, Path directory) {
        this(summary, directory, List.of());
    }

    public boolean passed() {
        return summary.passed();
    }
}

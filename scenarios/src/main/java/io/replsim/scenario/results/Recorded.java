package io.replsim.scenario.results;

import io.replsim.scenario.capacity.CapacitySummary;
import io.replsim.scenario.capacity.RecordedSearch;
import io.replsim.scenario.compare.ComparisonReport;
import io.replsim.scenario.compare.RecordedComparison;
import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.report.RecordedRun;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.report.UnreadableRunException;
import java.nio.file.Path;

/**
 * A run directory read back for its figures and its provenance: a run's summary.json, a capacity search's
 * summary.json, or a comparison's compare.json (both its readings: the bars with their ratios, and a fixed-load
 * comparison's rows with their drill columns).
 */
public sealed interface Recorded {

    Path directory();

    /** What made it; null for a file written before provenance was recorded. */
    Provenance provenance();

    RunKind kind();

    record Run(Path directory, RunSummary summary) implements Recorded {
        @Override
        public Provenance provenance() {
            return summary.provenance();
        }

        @Override
        public RunKind kind() {
            return RunKind.RUN;
        }
    }

    record Search(Path directory, CapacitySummary summary) implements Recorded {
        @Override
        public Provenance provenance() {
            return summary.provenance();
        }

        @Override
        public RunKind kind() {
            return RunKind.CAPACITY;
        }
    }

    /** {@code rows}: a fixed-load comparison's table (null for a capacity comparison, which has none). */
    record Comparison(Path directory, RecordedComparison comparison, ComparisonReport.Written rows)
            implements Recorded {
        @Override
        public Provenance provenance() {
            return comparison.provenance();
        }

        @Override
        public RunKind kind() {
            return RunKind.COMPARISON;
        }
    }

    /** Reads {@code directory} as {@code kind} wrote it; says what is unreadable, where. */
    static Recorded read(Path directory, RunKind kind) throws UnreadableRunException {
        return switch (kind) {
            case RUN -> new Run(directory, RecordedRun.summary(directory));
            case CAPACITY -> new Search(directory, RecordedSearch.read(directory).summary());
            case COMPARISON -> {
                RecordedComparison comparison = RecordedComparison.read(directory);
                yield new Comparison(directory, comparison,
                        comparison.capacity() ? null : ComparisonReport.read(directory));
            }
        };
    }
}

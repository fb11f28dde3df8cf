package io.replsim.scenario.run;

import io.replsim.scenario.report.RunSummary;
import java.nio.file.Path;

/** A finished run: its figures and where its files are. */
public record RunOutcome(RunSummary summary, Path directory) {
    public boolean passed() {
        return summary.passed();
    }
}

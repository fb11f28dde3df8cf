package io.replsim.cli;

import io.replsim.scenario.compare.ComparisonPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A matrix's variants written into the comparison's directory ({@code variants/<name>.yaml}) before they are
 * played: each run copies and hashes the scenario as it was played, a file {@code replsim run} plays again.
 */
final class VariantFiles {

    private VariantFiles() {
    }

    /** {@code plan} with each variant's file written under {@code directory} and named in its entry. */
    static ComparisonPlan written(ComparisonPlan plan, Path directory) throws IOException {
        Optional<ComparisonPlan.Entry> baseline = plan.baseline().isEmpty() ? Optional.empty()
                : Optional.of(written(plan.baseline().get(), directory));
        List<ComparisonPlan.Entry> scenarios = new ArrayList<>();
        for (ComparisonPlan.Entry entry : plan.scenarios()) {
            scenarios.add(written(entry, directory));
        }
        return new ComparisonPlan(baseline, scenarios, plan.rounds());
    }

    private static ComparisonPlan.Entry written(ComparisonPlan.Entry entry, Path directory) throws IOException {
        if (entry.played().isEmpty()) {
            return entry;
        }
        Path variants = Files.createDirectories(directory.resolve("variants"));
        Path file = variants.resolve(entry.spec().name() + ".yaml");
        for (int i = 2; Files.exists(file); i++) { // two names cut at 64 characters alike
            file = variants.resolve(entry.spec().name() + "-" + i + ".yaml");
        }
        Files.writeString(file, entry.played().get());
        return new ComparisonPlan.Entry(entry.name(), entry.spec(), file);
    }
}

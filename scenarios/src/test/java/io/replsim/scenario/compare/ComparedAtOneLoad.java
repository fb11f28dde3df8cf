package io.replsim.scenario.compare;

import io.replsim.scenario.spec.ScenarioLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A comparison at one load made from figures, no run played (a test fixture for its readers): a, the reference, and
 * b over 2 rounds; b's first run INVALID, its second broken, a's second still compiling (JIT 40%).
 */
public final class ComparedAtOneLoad {

    private ComparedAtOneLoad() {
    }

    public static ComparisonResult result() throws Exception {
        ComparisonPlan plan = new ComparisonPlan(Optional.empty(), List.of(entry("a"), entry("b")), 2);
        return new Comparison((entry, round) -> entry.name().equals("b") && round == 2
                ? new ComparedRun.Broke("b", round, "the cluster did not come up")
                : new ComparedRun.Measured(entry.name(), round, new RunFigures(
                        entry.name().equals("b") ? "INVALID" : "PASS", 0.1 * round, 900, 2, 4, 100,
                        entry.name().equals("a") && round == 2 ? 0.4 : 0.02), "runs/" + entry.name() + round),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).run(plan);
    }

    /** Its compare.json in {@code directory}, as replsim compare writes it; returns the table compare printed. */
    public static String writtenTo(Path directory) throws Exception {
        ComparisonResult result = result();
        ComparisonReport.write(result, CapacityComparisonTest.provenance(),
                directory.resolve(RecordedComparison.FILE));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        ComparisonReport.print(result, CapacityComparisonTest.provenance(), null,
                new PrintStream(printed, true, StandardCharsets.UTF_8));
        return printed.toString(StandardCharsets.UTF_8);
    }

    private static ComparisonPlan.Entry entry(String name) throws Exception {
        return new ComparisonPlan.Entry(name, ScenarioLoader.parse("name: " + name + "\ncluster: {nodes: 2}\n"
                + "load: {users: 4, thinkTime: 500ms, duration: 5s}\n", name + ".yaml"), Path.of(name + ".yaml"));
    }
}

package io.replsim.scenario.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.spec.ScenarioLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A comparison whose scenarios carry their users in different runtimes says so in compare.json, on the console
 * table and on compare.html, by scenario name, so a reader of the files alone knows the figures compare the drivers
 * too; a comparison of one driver says nothing of it.
 */
class DriversDifferTest {

    @TempDir
    Path dir;

    private static ComparisonPlan.Entry entry(String name, String runtime) throws Exception {
        return new ComparisonPlan.Entry(name, ScenarioLoader.parse("name: " + name + "\ncluster: {nodes: 2}\n"
                + "load: {users: 4, thinkTime: 500ms, duration: 5s, runtime: " + runtime + "}\n", name + ".yaml"),
                Path.of(name + ".yaml"));
    }

    private static ComparisonResult measured(ComparisonPlan plan) {
        List<ComparedRun> runs = new ArrayList<>();
        for (ComparisonPlan.Entry entry : plan.order()) {
            runs.add(new ComparedRun.Measured(entry.name(), 1, new RunFigures("PASS", 0.2, 1000, 2, 4, 100),
                    "runs/" + entry.name()));
        }
        return new ComparisonResult(plan, runs);
    }

    /** A fixed-load comparison of the two written to compare.json, and its table as replsim report prints it again. */
    private String tableOfFixedLoad(ComparisonPlan.Entry reference, ComparisonPlan.Entry other) throws Exception {
        ComparisonPlan plan = new ComparisonPlan(Optional.empty(), List.of(reference, other), 1);
        ComparisonReport.write(measured(plan), CapacityComparisonTest.provenance(), dir.resolve("compare.json"));
        ByteArrayOutputStream table = new ByteArrayOutputStream();
        ComparisonReport.print(ComparisonReport.read(dir), new PrintStream(table, true, StandardCharsets.UTF_8));
        return table.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyScenarioUnlikeTheReferenceIsNamedTheBaselineToo() throws Exception {
        ComparisonPlan plan = new ComparisonPlan(Optional.of(entry("bare", "virtual-threads")),
                List.of(entry("all", "event-loop"), entry("buddies", "event-loop"), entry("lean", "virtual-threads")),
                1);

        assertThat(SameLoad.driverDifferences(plan)).containsExactly(
                "load.runtime: event-loop in all, virtual-threads in bare",
                "load.runtime: event-loop in all, virtual-threads in lean");
    }

    @Test
    void aFixedLoadComparisonKeepsTheDifferenceInCompareJsonAndSaysItOnTheTableAndThePage() throws Exception {
        String table = tableOfFixedLoad(entry("loop", "event-loop"), entry("threads", "virtual-threads"));
        String html = Files.readString(ComparisonPage.write(dir));

        String line = "load.runtime: event-loop in loop, virtual-threads in threads";
        assertThat(RecordedComparison.read(dir).driversDiffer()).containsExactly(line);
        assertThat(table).contains("the drivers differ: ").contains("  " + line);
        assertThat(html).contains("The drivers differ: ").contains("<li>" + line + "</li>");
    }

    @Test
    void aCapacityComparisonSaysItOnThePage() throws Exception {
        ComparisonPlan plan = new ComparisonPlan(Optional.empty(),
                List.of(entry("loop", "event-loop"), entry("threads", "virtual-threads")), 1);
        var answers = Map.of("loop", List.of(CapacityComparisonTest.answer(1000)),
                "threads", List.of(CapacityComparisonTest.answer(900)));
        CapacityComparison result = CapacityComparisonTest.compare(plan,
                CapacityComparisonTest.player(answers, new ArrayList<>()));
        CapacityComparisonReport.write(result, CapacityComparisonTest.provenance(), dir.resolve("compare.json"));

        ByteArrayOutputStream table = new ByteArrayOutputStream();
        CapacityComparisonReport.print(result, CapacityComparisonTest.provenance(), null,
                new PrintStream(table, true, StandardCharsets.UTF_8));

        String line = "load.runtime: event-loop in loop, virtual-threads in threads";
        assertThat(table.toString(StandardCharsets.UTF_8)).contains("  " + line);
        assertThat(Files.readString(ComparisonPage.write(dir))).contains("<li>" + line + "</li>");
    }

    @Test
    void oneDriverIsNotMentioned() throws Exception {
        String table = tableOfFixedLoad(entry("a", "event-loop"), entry("b", "event-loop"));

        assertThat(RecordedComparison.read(dir).driversDiffer()).isEmpty();
        assertThat(table).doesNotContain("drivers differ");
        assertThat(Files.readString(ComparisonPage.write(dir))).doesNotContain("drivers differ");
    }
}

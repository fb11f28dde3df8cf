package io.replsim.scenario.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.spec.ScenarioLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compare.html says what the console's last line says, COMPARABLE or NOT COMPARABLE, before the bars it qualifies,
 * and each reason a comparison at one load does not hold (made-up runs of a and b over 2 rounds, written to
 * compare.json and the page drawn from it, as replsim compare and replsim report do).
 */
class ComparisonStandingTest {

    @TempDir
    Path dir;

    @Test
    void aComparisonWithAnInvalidRunASlowOneAndOneStillCompilingIsNotComparableAndSaysWhy() throws Exception {
        ComparisonResult result = played((name, round) -> name.equals("b") && round == 1
                ? new RunFigures("INVALID", 0.1, 900, 2, 4, 100, 0.02)
                : name.equals("b") ? new RunFigures("PASS", 0.1, 900, 2, 4, 50, 0.02)
                : new RunFigures("PASS", 0.1, 900, 2, 4, 100, round == 2 ? 0.4 : 0.02));
        assertThat(ComparisonReport.comparable(result)).isFalse();

        String page = pageOf(result);

        assertThat(page).contains("<h1>replsim compare <span class=\"FAIL\">NOT COMPARABLE</span></h1>");
        assertThat(page.indexOf("<p class=\"standing\"><span class=\"FAIL\">NOT COMPARABLE</span>"))
                .as("the standing before the bars").isPositive().isLessThan(page.indexOf("<svg"));
        assertThat(page).contains("<li>1 run INVALID: the driver measured itself")
                .contains("<li>request rate: " + result.rateDisagreements().getFirst())
                .contains("<li>still compiling: round 2: a: the JIT took 40% of a node's CPU")
                .doesNotContain("broke before");
    }

    @Test
    void aComparisonWithABrokenRunSaysItBroke() throws Exception {
        ComparisonPlan plan = new ComparisonPlan(Optional.empty(), List.of(entry("a"), entry("b")), 1);
        ComparisonResult result = new Comparison((entry, round) -> entry.name().equals("b")
                ? new ComparedRun.Broke("b", round, "the cluster did not come up")
                : new ComparedRun.Measured("a", round, new RunFigures("PASS", 0.1, 900, 2, 4, 100, 0.02), "runs/a"),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).run(plan);

        assertThat(pageOf(result)).contains("<span class=\"FAIL\">NOT COMPARABLE</span></h1>")
                .contains("<li>1 run broke before measuring anything (its reason in compare.json's runs)</li>");
    }

    @Test
    void aComparisonEveryRunOfWhichHeldSaysComparable() throws Exception {
        ComparisonResult result = played((name, round) -> new RunFigures("PASS", 0.1, 900, 2, 4, 100, 0.02));

        String page = pageOf(result);

        assertThat(page).contains("<h1>replsim compare <span class=\"PASS\">COMPARABLE</span></h1>")
                .contains("<p class=\"standing\"><span class=\"PASS\">COMPARABLE</span>: every run measured")
                .doesNotContain("<ul class=\"standing\">");
    }

    @Test
    void aCapacityComparisonJudgesEachRatioAndHasNoStanding() throws Exception {
        String page = Files.readString(ComparedFromFigures.writtenTo(dir));

        assertThat(page).contains("<h1>replsim compare --capacity</h1>").doesNotContain("class=\"standing\"");
    }

    private interface Figures {
        RunFigures of(String scenario, int round);
    }

    private static ComparisonResult played(Figures figures) throws Exception {
        ComparisonPlan plan = new ComparisonPlan(Optional.empty(), List.of(entry("a"), entry("b")), 2);
        return new Comparison((entry, round) -> new ComparedRun.Measured(entry.name(), round,
                figures.of(entry.name(), round), "runs/" + entry.name() + round),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).run(plan);
    }

    private String pageOf(ComparisonResult result) throws Exception {
        ComparisonReport.write(result, CapacityComparisonTest.provenance(), dir.resolve(RecordedComparison.FILE));
        return Files.readString(ComparisonPage.write(dir));
    }

    private static ComparisonPlan.Entry entry(String name) throws Exception {
        return new ComparisonPlan.Entry(name, ScenarioLoader.parse("name: " + name + "\ncluster: {nodes: 2}\n"
                + "load: {users: 4, thinkTime: 500ms, duration: 5s}\n", name + ".yaml"), Path.of(name + ".yaml"));
    }
}

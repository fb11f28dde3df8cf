package io.replsim.scenario.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.fault.FaultEvidence;
import io.replsim.scenario.report.FaultImpact;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.report.RunSummary;
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
 * A comparison of scenarios that carry faults: each run's drill figures read from its summary (sessions by verdict,
 * and the slowest fault's new view, failover and p99 in its window), banded over the rounds in the console, compare.csv
 * and compare.html, and "no fault" for a variant without any. Every figure made up distinct, so a column that reads
 * another figure shows.
 */
class DrillColumnsTest {
    private static final RunSummary.Verdicts SESSIONS = new RunSummary.Verdicts(50, 3, 2, 1, 4);

    private static FaultReport fault(String node, Long viewChangeMs, Long failoverMs, Double p99WindowMs) {
        FaultImpact impact = new FaultImpact(10_000, 20_000, 0, 100.0, 50.0, 0.5, 20.0, 30.0, p99WindowMs, 2_000.0,
                800, 0L, false, List.of(), 0.3, 0.45, 0.6);
        return new FaultReport("kill", node, List.of(node), node, "", 10_000, 1_010_000, null, viewChangeMs, null,
                List.of(), 5, 5, 0, failoverMs, null, null, impact, FaultEvidence.confirmed("made up"));
    }

    private static RunSummary summary(RunSummary.Verdicts sessions, int tabs, List<FaultReport> faults) {
        return new RunSummary("s", "runs/s", "2026-11-29T12:00:00Z", 30_000, "PASS", null,
                new RunSummary.Load(8, 500, 0, 30_000, 5_000, tabs, "event-loop"), null, 40.0,
                new RunSummary.Latency(2, 4, 8, 16, 3), sessions, null, faults, List.of(), List.of(), null, List.of(),
                null, null, null, null, null, null, null);
    }

    @Test
    void aRunsDrillIsItsSessionsAndItsSlowestFaultsViewFailoverAndP99() {
        RunSummary run = summary(SESSIONS, 1, List.of(fault("node2", 1_200L, 3_400L, 900.0),
                fault("node3", 2_100L, null, 1_500.0)));

        DrillFigures drill = RunFigures.of(run).drill();

        assertThat(drill.sessions()).isEqualTo(SESSIONS);
        assertThat(drill.viewChangeMs()).as("the slower fault's new view").isEqualTo(2_100L);
        assertThat(drill.failoverMs()).as("the one fault whose users were all served again").isEqualTo(3_400L);
        assertThat(drill.p99FaultWindowMs()).as("the worse fault window's p99").isEqualTo(1_500.0);
    }

    @Test
    void aRunWithoutFaultsHasNoDrillAndOneWithTabsNoSessionVerdicts() {
        assertThat(RunFigures.of(summary(SESSIONS, 1, List.of())).drill()).isNull();
        assertThat(RunFigures.of(summary(SESSIONS, 2, List.of(fault("node2", 1_200L, 3_400L, 900.0)))).drill()
                .sessions()).as("the oracle judged no session").isNull();
    }

    @Test
    void eachDrillFigureIsBandedOverTheRoundsAndAVariantWithoutFaultsSaysSo(@TempDir Path dir) throws Exception {
        ComparisonResult result = compared();

        DrillBands sync = result.rows().get(0).drill();
        assertThat(sync.faulted()).isEqualTo(2);
        assertThat(sync.sessionsOk()).isEqualTo(new Band(50, 60));
        assertThat(sync.sessionsStale()).isEqualTo(new Band(3, 3));
        assertThat(sync.sessionsLost()).isEqualTo(new Band(2, 7));
        assertThat(sync.sessionsCorrupt()).isEqualTo(new Band(1, 1));
        assertThat(sync.sessionsFailed()).isEqualTo(new Band(4, 4));
        assertThat(sync.viewChangeMs()).isEqualTo(new Band(1_200, 1_300));
        assertThat(sync.failoverMs()).isEqualTo(new Band(3_400, 3_900));
        assertThat(sync.p99FaultWindowMs()).isEqualTo(new Band(900, 950));
        assertThat(sync.note()).isNull();
        DrillBands calm = result.rows().get(1).drill();
        assertThat(calm.carriedFaults()).isFalse();
        assertThat(calm.note()).isEqualTo("no fault");

        var console = new ByteArrayOutputStream();
        ComparisonReport.print(result, CapacityComparisonTest.provenance(), null,
                new PrintStream(console, true, StandardCharsets.UTF_8));
        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(printed.lines().filter(line -> line.startsWith("sync ")).toList()).last().asString()
                .containsSubsequence("2/2", "50-60", "3", "2-7", "1", "4", "1,200-1,300", "3,400-3,900",
                        "900.0-950.0");
        assertThat(printed.lines().filter(line -> line.startsWith("calm ")).toList()).last().asString()
                .endsWith("no fault");

        ComparisonCsv.write(result, dir.resolve("compare.csv"));
        List<String> csv = Files.readAllLines(dir.resolve("compare.csv"));
        assertThat(csv).hasSize(1 + 2 * 6 + 2 * 8).contains(
                "sync,reference,sessions_lost,sessions,2,2.0000,7.0000,,,,,,,,,",
                "sync,reference,view_change,ms,2,1200.0000,1300.0000,,,,,,,,,",
                "sync,reference,failover,ms,2,3400.0000,3900.0000,,,,,,,,,",
                "sync,reference,p99_fault_window,ms,2,900.0000,950.0000,,,,,,,,,",
                "calm,compared,failover,ms,0,,,,,,,,,,,no fault");

        ComparisonReport.write(result, CapacityComparisonTest.provenance(), dir.resolve(RecordedComparison.FILE));
        String page = Files.readString(ComparisonPage.write(dir));
        assertThat(page).contains("<h2>The drill</h2>")
                .contains("<tr><td>sync</td><td>2/2</td><td>50-60</td><td>3</td><td>2-7</td><td>1</td><td>4</td>"
                        + "<td>1,200-1,300</td><td>3,400-3,900</td><td>900.0-950.0</td></tr>")
                .contains("<tr><td>calm</td><td colspan=\"9\">no fault</td></tr>");
    }

    @Test
    void aComparisonWithoutFaultsHasNoDrillColumns(@TempDir Path dir) throws Exception {
        ComparisonPlan plan = new ComparisonPlan(Optional.empty(), List.of(entry("a"), entry("b")), 1);
        ComparisonResult result = new Comparison((entry, round) -> new ComparedRun.Measured(entry.name(), round,
                new RunFigures("PASS", 0.1, 900, 2, 4, 100), "runs/x"), quiet()).run(plan);

        var console = new ByteArrayOutputStream();
        ComparisonReport.print(result, CapacityComparisonTest.provenance(), null,
                new PrintStream(console, true, StandardCharsets.UTF_8));
        ComparisonReport.write(result, CapacityComparisonTest.provenance(), dir.resolve(RecordedComparison.FILE));

        assertThat(console.toString(StandardCharsets.UTF_8)).doesNotContain("no fault").doesNotContain("failover");
        assertThat(Files.readString(ComparisonPage.write(dir))).doesNotContain("The drill");
    }

    /** sync: a kill in each of 2 rounds, its figures differing by round; calm: no fault. */
    private static ComparisonResult compared() throws Exception {
        ComparisonPlan plan = new ComparisonPlan(Optional.empty(), List.of(entry("sync"), entry("calm")), 2);
        Comparison.Player player = (entry, round) -> {
            DrillFigures drill = !entry.name().equals("sync") ? null : round == 1
                    ? new DrillFigures(SESSIONS, 1_200L, 3_400L, 900.0)
                    : new DrillFigures(new RunSummary.Verdicts(60, 3, 7, 1, 4), 1_300L, 3_900L, 950.0);
            return new ComparedRun.Measured(entry.name(), round,
                    new RunFigures("PASS", 0.1, 900, 2, 4, 100, null, drill), "runs/" + entry.name() + round);
        };
        return new Comparison(player, quiet()).run(plan);
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }

    private static ComparisonPlan.Entry entry(String name) throws Exception {
        return new ComparisonPlan.Entry(name, ScenarioLoader.parse("name: " + name + "\ncluster: {nodes: 2}\n"
                + "load: {users: 4, thinkTime: 500ms, duration: 5s}\n", name + ".yaml"), Path.of(name + ".yaml"));
    }
}

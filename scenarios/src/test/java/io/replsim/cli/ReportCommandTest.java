package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.capacity.MadeUpSearch;
import io.replsim.scenario.compare.CapacityComparisonReport;
import io.replsim.scenario.compare.ComparedAtOneLoad;
import io.replsim.scenario.compare.ComparedFromFigures;
import io.replsim.scenario.report.CountFigure;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.run.MadeUpSoak;
import io.replsim.scenario.run.PlayedScenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replsim report} draws a drill's console summary and report.html again from its run directory alone: the
 * same lines the run printed and the same page it wrote, from one real run (its nodes in this JVM, a kill, a
 * history, so faults, events, node figures and anomalies are all in the files), and a clear refusal naming what
 * is missing when the directory cannot be drawn from.
 */
@ExtendWith(NoNodeProcessLeft.class)
class ReportCommandTest {
    private static final String SCENARIO = """
            name: rerendered
            cluster: {nodes: 3, workers: 8}
            replication: {placement: all, granularity: attribute, delivery: sync, syncTimeout: 2s}
            workload: {app: counter, payload: 512B}
            load: {users: 12, thinkTime: 300ms, rampUp: 1s, duration: 8s, requestTimeout: 3s, history: true}
            faults:
              - {type: kill, at: 3s, target: primary-of-most}
            checks: {maxSessionsLost: 0, p90Below: 800ms}
            """;

    @TempDir
    static Path shared;
    private static PlayedScenario played;
    private static String pageAsRunWroteIt;

    @TempDir
    Path dir;

    @BeforeAll
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    static void runOnce() throws Exception {
        played = PlayedScenario.playInJvm(shared, "rerendered", SCENARIO);
        pageAsRunWroteIt = Files.readString(played.directory().resolve("report.html"));
    }

    @Test
    void theConsoleSummaryAndThePageAreThoseTheRunMade() throws Exception {
        Path run = copyOfRun();
        Files.delete(run.resolve("report.html"));

        ReplsimCall report = ReplsimCall.of("report", run.toString());

        assertThat(report.exit()).as(report.err()).isZero();
        List<String> lines = report.out().lines().toList();
        assertThat(lines.getLast()).isEqualTo("page      " + run.resolve("report.html"));
        assertThat(lines.subList(0, lines.size() - 1)).as(played.console())
                .containsExactlyElementsOf(summaryLines(played.console()));
        assertThat(Files.readString(run.resolve("report.html"))).isEqualTo(pageAsRunWroteIt);
        assertThat(pageAsRunWroteIt).contains("<polyline").contains("kill");
    }

    @Test
    void csvHasTheRunsSecondsAndLatencyIntervals() throws Exception {
        Path csv = dir.resolve("csv");

        ReplsimCall report = ReplsimCall.of("report", copyOfRun().toString(), "--csv", csv.toString());

        assertThat(report.exit()).as(report.err()).isZero();
        List<String> seconds = Files.readAllLines(csv.resolve("seconds.csv"));
        assertThat(seconds.getFirst()).isEqualTo("secondFrom,epochSecond,requests,errors");
        long requests = seconds.stream().skip(1).mapToLong(line -> Long.parseLong(line.split(",")[2])).sum();
        assertThat(requests).isEqualTo(played.summary().requests().total());
        List<String> latency = Files.readAllLines(csv.resolve("latency.csv"));
        assertThat(latency.getFirst()).isEqualTo("secondFrom,secondTo,answers,p50Ms,p90Ms,p99Ms,maxMs");
        assertThat(latency).hasSizeGreaterThan(5);
        assertThat(report.out()).contains("csv       " + csv.resolve("sessions.csv") + " (a row per user's session");
    }

    /**
     * sessions.csv, as the run wrote it and as report --csv writes it again: a row per session, whose verdicts add
     * up to summary.json's sessions by verdict, every user started among them, and the kill's affected users with
     * their waits, the longest the summary's failover time.
     */
    @Test
    void sessionsCsvHasARowPerSessionAddingUpToTheSummarysCounts() throws Exception {
        Path csv = dir.resolve("csv");

        ReplsimCall report = ReplsimCall.of("report", copyOfRun().toString(), "--csv", csv.toString());

        assertThat(report.exit()).as(report.err()).isZero();
        List<String> lines = Files.readAllLines(csv.resolve("sessions.csv"));
        assertThat(lines).isEqualTo(Files.readAllLines(played.directory().resolve("sessions.csv")));
        assertThat(lines.getFirst()).isEqualTo("user,session,nodes,verdict,failoverWaitMs,requests");
        List<String[]> rows = lines.stream().skip(1).map(line -> line.split(",", -1)).toList();
        RunSummary summary = played.summary();
        for (CountFigure<RunSummary.Verdicts> verdict : RunSummary.Verdicts.FIGURES.figures()) {
            assertThat(rows.stream().filter(row -> row[3].equals(verdict.label())).count())
                    .as("%s sessions in %s", verdict.label(), lines).isEqualTo(verdict.valueOf(summary.sessions()));
        }
        assertThat(rows.stream().map(row -> row[0]).distinct().count()).isEqualTo(summary.users().started());
        assertThat(rows).allSatisfy(row -> assertThat(Long.parseLong(row[5])).isPositive());
        FaultReport kill = summary.faults().getFirst();
        java.util.Map<String, String> waits = new java.util.HashMap<>();
        rows.stream().filter(row -> !row[4].isEmpty()).forEach(row -> waits.put(row[0], row[4]));
        assertThat(waits).as(lines.toString()).hasSize(kill.affectedUsers());
        List<Long> served = waits.values().stream().filter(wait -> !wait.equals("never")).map(Long::parseLong)
                .sorted().toList();
        assertThat(served).hasSize(kill.recoveredUsers());
        assertThat(served.getLast()).isEqualTo(kill.failoverMs());
    }

    @Test
    void aSessionsCsvThatIsNotOneIsRefusedNamingTheLine() throws Exception {
        Path run = copyOfRun();
        Files.writeString(run.resolve("sessions.csv"), "user,session,nodes,verdict,failoverWaitMs,requests\n"
                + "0,abc,node1,OK,,notanumber\n");

        ReplsimCall report = ReplsimCall.of("report", run.toString(), "--csv", dir.resolve("csv").toString());

        assertThat(report.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(report.err()).contains(run.resolve("sessions.csv") + " line 2 is not a row of user,session");
    }

    @Test
    void aRunWithoutItsSummaryIsRefusedSayingWhatIsMissingAndWhatToDo() throws Exception {
        Path run = copyOfRun();
        Files.delete(run.resolve("summary.json"));

        ReplsimCall report = ReplsimCall.of("report", run.toString());

        assertThat(report.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(report.out()).isEmpty();
        assertThat(report.err()).contains(run + " holds no summary.json")
                .contains("the run ended before its report wrote them").contains("run the scenario again");
    }

    @Test
    void anUnreadableSummaryIsRefusedNamingWhereItBroke() throws Exception {
        Path run = copyOfRun();
        Path summary = run.resolve("summary.json");
        Files.writeString(summary, Files.readString(summary).replaceFirst("\"throughputPerSec\" : [0-9.]+",
                "\"throughputPerSec\" : \"fast\""));

        ReplsimCall report = ReplsimCall.of("report", run.toString());

        assertThat(report.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(report.err()).contains(summary + " cannot be read as the run wrote it")
                .contains("throughputPerSec").contains("written by another version of replsim");
    }

    @Test
    void aRunWithoutItsTimelineIsRefusedNamingIt() throws Exception {
        Path run = copyOfRun();
        Files.delete(run.resolve("timeline.json"));

        ReplsimCall report = ReplsimCall.of("report", run.toString());

        assertThat(report.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(report.err()).contains(run + " holds no timeline.json, report.html's per-second series");
    }

    @Test
    void aLatencyLogThatIsNotOneIsRefused() throws Exception {
        Path run = copyOfRun();
        Files.writeString(run.resolve("latency.hlog"), "not a log\n");

        ReplsimCall report = ReplsimCall.of("report", run.toString());

        assertThat(report.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(report.err()).contains(run.resolve("latency.hlog") + " cannot be read as an HdrHistogram")
                .contains("it holds no interval");
    }

    @Test
    void aFileIsNotARunDirectory() throws Exception {
        Path file = Files.writeString(dir.resolve("summary.json"), "{}");

        ReplsimCall report = ReplsimCall.of("report", file.toString());

        assertThat(report.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(report.err()).contains(file + " is not a directory: give a run's directory");
    }

    @Test
    void aSoaksDirectoryHasItsSummaryPrintedAndItsPageDrawnAgainFromItsSoakJsonAndItsRunsSummaries() throws Exception {
        Path soak = MadeUpSoak.writtenTo(Files.createDirectories(dir.resolve("soak")));

        ReplsimCall report = ReplsimCall.of("report", soak.toString(), "--csv", dir.resolve("csv").toString());

        assertThat(report.exit()).as(report.err()).isZero();
        assertThat(report.out()).contains("page      " + soak.resolve("soak.html"))
                .contains("csv       none written for the soak: each drill's directory under runs/ has its own");
        // what the soak printed, from its soak.json
        assertThat(report.out()).contains(
                "soak 1/3: PASS, 1 lost, 1 stale, new view [80 ms], failover [600 ms]; history not recorded\n",
                "soak 2/3: FAIL, 10 lost, 0 stale, new view [120 ms], failover [never], 3 users NEVER served again;"
                        + " history: 7 lost update (4 requests not judged)\n",
                "== soak made-up-soak: FAIL, 2 of 3 drills passed; NEVER recovered: 0 faults without a new view, 1"
                        + " with users never served again (3 users) ==",
                "sessions  11 lost, 1 stale over all drills",
                "new view  p50 100 ms   p90 120 ms   p99 120 ms   max 120 ms   (3 faults)",
                "history   2 of 3 drills judged (1 recorded no history: not judged, not in these counts): 1,500"
                        + " requests, 1,490 judged, 4 not judged; lost update 8, ",
                "soak      " + soak + "  (soak.html, soak.json, soak.log, runs/)");
        assertThat(Files.readString(soak.resolve("soak.html"))).contains("<svg class=\"chart soak-runs\"")
                .contains("2 of 3 drills passed");
    }

    @Test
    void aSoakJsonThatIsNotOneIsRefused() throws Exception {
        Path soak = Files.createDirectories(dir.resolve("soak"));
        Files.writeString(soak.resolve("soak.json"), "[1, 2]");

        ReplsimCall report = ReplsimCall.of("report", soak.toString());

        assertThat(report.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(report.err()).contains(soak.resolve("soak.json") + " cannot be read as replsim soak wrote it")
                .contains("run replsim soak again");
    }

    @Test
    void aCapacitySearchsDirectoryHasItsAnswersAndItsPageDrawnAgain() throws Exception {
        Path search = Files.createDirectories(dir.resolve("search"));
        new ObjectMapper().writeValue(search.resolve("summary.json").toFile(), MadeUpSearch.summary());
        Files.writeString(search.resolve("capacity.csv"), "search,step\n");

        ReplsimCall report = ReplsimCall.of("report", search.toString(), "--csv", dir.resolve("csv").toString());

        assertThat(report.exit()).as(report.err()).isZero();
        assertThat(report.out()).contains("== capacity: 40 users")
                .contains("page      " + search.resolve("capacity.html"))
                .contains("csv       none written: a capacity search's figures are already CSV, its capacity.csv");
        assertThat(Files.readString(search.resolve("capacity.html"))).contains("<svg class=\"chart capacity-latency\"");
    }

    @Test
    void aComparisonsDirectoryHasItsPageDrawnAgainFromItsCompareJson() throws Exception {
        Path comparison = Files.createDirectories(dir.resolve("comparison"));
        CapacityComparisonReport.write(ComparedFromFigures.capacity(), ComparedFromFigures.PROVENANCE,
                comparison.resolve("compare.json"));

        ReplsimCall report = ReplsimCall.of("report", comparison.toString(), "--csv", dir.resolve("csv").toString());

        assertThat(report.exit()).as(report.err()).isZero();
        assertThat(report.out()).contains("page      " + comparison.resolve("compare.html"))
                .contains("csv       none written: a comparison's figures are already CSV, its compare.csv");
        assertThat(Files.readString(comparison.resolve("compare.html")))
                .contains("<svg class=\"chart ratios users-sustained\"").contains("differs, above all");
    }

    /** A comparison at one load: the table replsim compare printed, printed again from its compare.json alone. */
    @Test
    void aComparisonAtOneLoadHasItsTablePrintedAgainFromItsCompareJson() throws Exception {
        Path comparison = Files.createDirectories(dir.resolve("comparison"));
        String printed = ComparedAtOneLoad.writtenTo(comparison);

        ReplsimCall report = ReplsimCall.of("report", comparison.toString());

        assertThat(report.exit()).as(report.err()).isZero();
        assertThat(printed).contains("== compare: NOT COMPARABLE (4 runs: 2 PASS, 0 FAIL, 1 INVALID, 1 broke) ==")
                .contains("round 2: a: the JIT took 40% of a node's CPU over the steady window");
        assertThat(report.out()).isEqualTo(printed + "page      " + comparison.resolve("compare.html") + "\n");
    }

    @Test
    void aComparisonsDirectoryWhoseCompareJsonIsNotOneIsRefused() throws Exception {
        Path comparison = Files.createDirectories(dir.resolve("comparison"));
        Files.writeString(comparison.resolve("compare.json"), "{}");

        ReplsimCall report = ReplsimCall.of("report", comparison.toString());

        assertThat(report.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(report.err()).contains(comparison.resolve("compare.json") + " names no scenarios, reference or"
                + " rows").contains("run replsim compare again");
    }

    @Test
    void aCapacitySearchsDirectoryWithoutItsSummaryIsRefusedSayingWhatToDo() throws Exception {
        Path search = Files.createDirectories(dir.resolve("search"));
        Files.writeString(search.resolve("capacity.csv"), "search,step\n");

        ReplsimCall report = ReplsimCall.of("report", search.toString());

        assertThat(report.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(report.err()).contains(search + " holds no summary.json, the search's answers and steps")
                .contains("run replsim capacity again");
    }

    @Test
    void aNodeFigureOfAnotherTypeIsRefusedNamingIt() throws Exception {
        Path run = copyOfRun();
        Path summary = run.resolve("summary.json");
        Files.writeString(summary, Files.readString(summary).replaceFirst("\"sessionsOwned\" : [0-9]+",
                "\"sessionsOwned\" : \"many\""));

        ReplsimCall report = ReplsimCall.of("report", run.toString());

        assertThat(report.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(report.err()).contains(summary + " cannot be read as the run wrote it")
                .contains("nodes[].sessionsOwned is many, not a long");
    }

    @Test
    void anEventLineThatIsNotOneIsRefusedNamingTheLine() throws Exception {
        Path run = copyOfRun();
        Path events = run.resolve("events.jsonl");
        Files.writeString(events, "{\"phase\":\"SOON\"}\n", StandardOpenOption.APPEND);

        ReplsimCall report = ReplsimCall.of("report", run.toString());

        assertThat(report.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(report.err()).contains(events + " line 2 is not a fault event");
    }

    /** The run's console from its summary's first line on: what ConsoleReport and the heap lines printed. */
    private static List<String> summaryLines(String console) {
        List<String> lines = console.lines().toList();
        int first = lines.indexOf("== rerendered: " + played.summary().verdict() + " ==");
        assertThat(first).as(console).isPositive();
        return lines.subList(first - 1, lines.size());
    }

    /** A copy of the run's directory, so each test can take from it what it needs. */
    private Path copyOfRun() throws IOException {
        Path copy = Files.createDirectories(dir.resolve("run-" + System.nanoTime()));
        try (Stream<Path> files = Files.walk(played.directory())) {
            for (Path file : files.toList()) {
                Files.copy(file, copy.resolve(played.directory().relativize(file).toString()),
                        StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return copy;
    }
}

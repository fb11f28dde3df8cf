package io.replsim.cli;

import io.replsim.scenario.capacity.RecordedSearch;
import io.replsim.scenario.compare.ComparisonReport;
import io.replsim.scenario.compare.RecordedComparison;
import io.replsim.scenario.report.RecordedRun;
import io.replsim.scenario.report.SeriesCsv;
import io.replsim.scenario.report.SessionsCsv;
import io.replsim.scenario.report.UnreadableRunException;
import io.replsim.scenario.run.RecordedSoak;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "report", description = {
        "Draw a drill's console summary and report.html again from its run directory (summary.json, timeline.json,",
        "latency.hlog, events.jsonl, heap.json), a capacity search's answers and capacity.html from its",
        "summary.json, a soak's summary and soak.html from its soak.json, or a comparison's table (at one load) and",
        "compare.html from its compare.json, without running anything: a report improved since applies to",
        "yesterday's runs.",
        "e.g. replsim report runs/<run> --csv figures/"},
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = {
                "0:re-rendered",
                "2:bad input: not a drill's, a capacity search's, a soak's or a comparison's directory, or a file it"
                        + " needs missing or unreadable"})
final class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RUN", description = "a directory replsim run, replsim capacity, replsim soak or"
            + " replsim compare made, such as runs/<time>-<scenario>")
    Path directory;

    @Option(names = "--csv", paramLabel = "DIR", description = "also write a drill's figures as CSV into DIR:"
            + " seconds.csv (requests and errors), latency.csv (p50/p90/p99/max) and sessions.csv (a row per user's"
            + " session with its verdict)")
    Path csv;

    @Override
    public Integer call() {
        if (RecordedSearch.isOne(directory)) {
            return capacity();
        }
        if (RecordedComparison.isOne(directory)) {
            return comparison();
        }
        if (RecordedSoak.isOne(directory)) {
            return soak();
        }
        RecordedRun run;
        try {
            run = RecordedRun.read(directory);
        } catch (UnreadableRunException e) {
            System.err.println("replsim report: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        try {
            run.printSummary(System.out);
            System.out.println("page      " + run.writePage());
            if (csv != null) {
                for (Path file : SeriesCsv.write(run, csv)) {
                    System.out.println("csv       " + file);
                }
                Optional<List<SessionsCsv.Row>> sessions = SessionsCsv.read(directory);
                System.out.println("csv       " + (sessions.isPresent() ? SessionsCsv.write(sessions.get(), csv)
                        + " (a row per user's session, from the run's " + SessionsCsv.FILE + ")"
                        : "no per-user verdicts: the run was written before runs wrote " + SessionsCsv.FILE));
            }
        } catch (UnreadableRunException e) {
            System.err.println("replsim report: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        } catch (IOException e) {
            System.err.println("replsim report: cannot write " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        return 0;
    }

    /**
     * A comparison's directory (either mode's): at one load the table compare printed, and compare.html from its
     * compare.json; its CSV is compare.csv.
     */
    private Integer comparison() {
        return redrawn(() -> {
            RecordedComparison comparison = RecordedComparison.read(directory);
            if (!comparison.capacity()) {
                ComparisonReport.print(ComparisonReport.read(directory), System.out);
            }
            System.out.println("page      " + comparison.writePage());
            if (csv != null) {
                System.out.println("csv       none written: a comparison's figures are already CSV, its"
                        + " compare.csv (a row per scenario and figure)");
            }
        });
    }

    /**
     * A soak's directory: what the soak printed, and soak.html from its soak.json and its drills' summary.json; each
     * drill's directory under runs/ is drawn again on its own.
     */
    private Integer soak() {
        return redrawn(() -> {
            RecordedSoak soak = RecordedSoak.read(directory);
            soak.printSummary(System.out);
            System.out.println("page      " + soak.writePage());
            if (csv != null) {
                System.out.println("csv       none written for the soak: each drill's directory under runs/ has its"
                        + " own (replsim report <soak>/runs/<run> --csv DIR)");
            }
        });
    }

    /** A capacity search's directory: its answers and capacity.html; its figures as CSV are its capacity.csv. */
    private Integer capacity() {
        return redrawn(() -> {
            RecordedSearch search = RecordedSearch.read(directory);
            search.printAnswers(System.out);
            System.out.println("page      " + search.writePage());
            if (csv != null) {
                System.out.println("csv       none written: a capacity search's figures are already CSV, its"
                        + " capacity.csv (a row per step)");
            }
        });
    }

    /** Reading a directory another command made and drawing its page again. */
    private interface Redraw {
        void run() throws UnreadableRunException, IOException;
    }

    /** 0 when {@code redraw} drew its page; exit 2 saying why when its files do not read or it cannot write. */
    private static Integer redrawn(Redraw redraw) {
        try {
            redraw.run();
        } catch (UnreadableRunException e) {
            System.err.println("replsim report: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        } catch (IOException e) {
            System.err.println("replsim report: cannot write " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        return 0;
    }
}

package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's last line names the files a reader opens in the run's directory: sessions.csv, which the report
 * writes beside summary.json, and the history, when the run recorded one (GoldenRuns' fixed readings).
 */
class RunLineFilesTest {
    private static final Pattern RUN_LINE = Pattern.compile("(?m)^run {7}\\S+ {2}\\((.*)\\)$");

    @TempDir
    Path root;

    @Test
    void aDrillWithAHistoryNamesItsSessionsCsvAndItsHistory() throws IOException {
        RunRecord run = GoldenRuns.drill(root);

        List<String> named = runLineOf(RunReport.write(run, null, InvalidRuns.REFUSED, null));

        assertThat(run.directory().resolve(SessionsCsv.FILE)).exists();
        assertThat(run.directory().resolve("history.jsonl")).exists();
        assertThat(named).contains(SessionsCsv.FILE, "history.jsonl", "heap.json", "nodes/");
    }

    @Test
    void aRunAgainstAnExternalClusterNamesItsSessionsCsvAndNoNodeFiles() throws IOException {
        RunRecord run = GoldenRuns.external(root);

        List<String> named = runLineOf(RunReport.write(run, GoldenRuns.externalCluster(), InvalidRuns.REFUSED,
                null));

        assertThat(run.directory().resolve(SessionsCsv.FILE)).exists();
        assertThat(named).contains(SessionsCsv.FILE).doesNotContain("history.jsonl", "heap.json", "nodes/");
    }

    @Test
    void anOpenRunNamesItsSessionsCsvAndBothLatencyLogs() throws IOException {
        RunRecord run = GoldenRuns.open(root);

        List<String> named = runLineOf(RunReport.write(run, null, InvalidRuns.REFUSED, null));

        assertThat(run.directory().resolve(SessionsCsv.FILE)).exists();
        assertThat(named).contains(SessionsCsv.FILE, "latency.hlog from the intended starts",
                "latency-uncorrected.hlog from the sends");
    }

    private static List<String> runLineOf(RunSummary summary) {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        new ConsoleReport(new PrintStream(printed, true, StandardCharsets.UTF_8)).print(summary);
        Matcher line = RUN_LINE.matcher(printed.toString(StandardCharsets.UTF_8));
        assertThat(line.find()).as("the run line in " + printed).isTrue();
        return Arrays.asList(line.group(1).split(", "));
    }
}

package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class MergeCommandTest {

    @Test
    void twoAgentsRunDirectoriesGiveThePercentilesOfAllTheirResponses(@TempDir Path dir) throws Exception {
        // Agent a answered 900 requests in 1 ms, agent b 100 in 1 s: together p90 is 1 ms and p99 is 1 s, which
        // averaging the agents' own p90s (1 ms and 1 s) would never give.
        Path a = agentRun(dir.resolve("agent-a"), 900, 1_000);
        Path b = agentRun(dir.resolve("agent-b"), 100, 1_000_000);
        ReplsimCall merged = ReplsimCall.of("merge", a.toString(), b.resolve("latency.hlog").toString());

        String out = merged.out();
        assertThat(merged.exit()).as(out).isZero();
        assertThat(out).contains("merged 2 latency logs: 1,000 responses").contains("p50 1.0 ms   p90 1.0 ms")
                .contains("p99 1000.4 ms");
    }

    @Test
    void aMissingLogIsBadInput(@TempDir Path dir) {
        int exit = new CommandLine(new ReplsimCommand()).execute("merge", dir.resolve("nowhere.hlog").toString());

        assertThat(exit).isEqualTo(ReplsimCommand.BAD_INPUT);
    }

    private static Path agentRun(Path run, int responses, long micros) throws Exception {
        Files.createDirectories(run);
        Histogram interval = new Histogram(3);
        interval.recordValueWithCount(micros, responses);
        try (PrintStream out = new PrintStream(Files.newOutputStream(run.resolve("latency.hlog")), true,
                StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputStartTime(1_700_000_000_000L);
            writer.outputLegend();
            writer.outputIntervalHistogram(0, 1, interval, 1000.0);
        }
        return run;
    }
}

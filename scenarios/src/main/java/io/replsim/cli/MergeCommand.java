package io.replsim.cli;

import io.replsim.loadgen.record.LatencyLogMerge;
import io.replsim.scenario.report.ConsoleReport;
import io.replsim.scenario.report.MergedAgents;
import io.replsim.scenario.report.UnreadableRunException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "merge", description = {"Merge the latency logs of several load agents into one report: the "
        + "histograms are added, so the percentiles are exactly those of all their responses together.",
        "With --into, the run directories of replsim agent's agents 1 to n become one run: summary.json and"
        + " report.html with a single driver's fields, verdicts and requests added up, VALID only if every agent"
        + " was."},
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = {
                "0:merged (with --into: every check held over all agents' users and every agent was VALID)",
                "1:with --into: a check failed",
                "2:bad input: a log or directory unreadable, agents that are not every share of one run",
                "4:with --into: an agent was INVALID (each one's reasons are printed)"})
final class MergeCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "LOG", description = "latency.hlog files, or run directories holding one;"
            + " with --into, every agent's run directory")
    List<Path> inputs;

    @Option(names = "--into", paramLabel = "<dir>", description = "write the agents' merged run here (a new"
            + " directory): summary.json, report.html, timeline.json, latency.hlog, agents.json")
    Path into;

    @Override
    public Integer call() {
        try {
            if (into != null) {
                return mergeAgents();
            }
            print(LatencyLogMerge.of(inputs.stream().map(MergeCommand::logOf).toList()), System.out);
            return 0;
        } catch (IllegalArgumentException | IOException | UnreadableRunException e) {
            System.err.println("replsim merge: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
    }

    private int mergeAgents() throws IOException, UnreadableRunException {
        for (Path input : inputs) {
            if (!Files.isDirectory(input)) {
                throw new IllegalArgumentException(input + ": --into merges agents' run directories (replsim agent"
                        + " made them), not log files; leave --into out to merge latency logs alone");
            }
        }
        MergedAgents merged = MergedAgents.of(inputs, into);
        merged.write(into);
        PrintStream out = System.out;
        out.printf(Locale.ROOT, "merged %d agents into %s%n", merged.agents().size(), into);
        merged.agents().forEach(agent -> out.printf(Locale.ROOT, "  agent %-6s %-8s %,d requests  %s%n",
                agent.agent().share(), agent.summary().verdict(), agent.summary().requests().total(),
                agent.directory()));
        new ConsoleReport(out).print(merged.summary());
        return RunCommand.exitCode(merged.summary());
    }

    private static Path logOf(Path input) {
        return Files.isDirectory(input) ? input.resolve("latency.hlog") : input;
    }

    static void print(LatencyLogMerge.Merged merged, PrintStream out) {
        Histogram all = merged.latencyMicros();
        out.printf(Locale.ROOT, "merged %d latency logs: %,d responses%n", merged.parts().size(), all.getTotalCount());
        for (LatencyLogMerge.Part part : merged.parts()) {
            out.printf(Locale.ROOT, "  %-50s %,d responses%n", part.log(), part.responses());
        }
        out.printf(Locale.ROOT, "latency   p50 %s   p90 %s   p99 %s   p99.9 %s   max %s   mean %s%n",
                millis(all.getValueAtPercentile(50)), millis(all.getValueAtPercentile(90)),
                millis(all.getValueAtPercentile(99)), millis(all.getValueAtPercentile(99.9)),
                millis(all.getMaxValue()), millis(Math.round(all.getMean())));
    }

    private static String millis(long micros) {
        return String.format(Locale.ROOT, "%.1f ms", micros / 1000.0);
    }
}

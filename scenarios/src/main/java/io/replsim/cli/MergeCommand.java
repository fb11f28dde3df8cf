package io.replsim.cli;

import io.replsim.loadgen.record.LatencyLogMerge;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "merge", description = "Merge the latency logs of several load agents into one report: the "
        + "histograms are added, so the percentiles are exactly those of all their responses together.")
final class MergeCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "LOG", description = "latency.hlog files, or run directories holding one")
    List<Path> inputs;

    @Override
    public Integer call() {
        try {
            print(LatencyLogMerge.of(inputs.stream().map(MergeCommand::logOf).toList()), System.out);
            return 0;
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("replsim merge: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
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

package io.replsim.scenario.capacity;

import io.replsim.scenario.run.LoadTarget;
import io.replsim.scenario.run.RunDirectory;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeImage;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeFactory;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A measurement, not a test: how far the busiest node's CPU moves between runs of one load with steady windows of
 * different lengths (docs/capacity.md, "How long a boundary step's window is"). Starts the scenario's cluster, warms
 * it ({@code WARM_ROUNDS} rounds at {@code WARM_USERS}, then one at the load) with the first window, then runs the
 * windows in turn, {@code ROUNDS} times each, interleaved so that the machine's other tenants weigh on every window
 * alike.
 *
 * <pre>java -cp scenarios/target/test-classes:scenarios/target/scenarios-*.jar:scenarios/target/lib/* \
 *     io.replsim.scenario.capacity.StepSpreadProbe scenario.yaml USERS WARM_USERS WARM_ROUNDS ROUNDS 8,24 runs</pre>
 */
public final class StepSpreadProbe {

    public static void main(String[] args) throws Exception {
        ScenarioSpec spec = ScenarioLoader.load(Path.of(args[0]));
        int users = Integer.parseInt(args[1]);
        int warmUsers = Integer.parseInt(args[2]);
        int warmRounds = Integer.parseInt(args[3]);
        int rounds = Integer.parseInt(args[4]);
        List<Duration> windows = Arrays.stream(args[5].split(",")).map(s -> Duration.ofSeconds(Long.parseLong(s)))
                .toList();
        PrintStream out = System.out;
        RunDirectory dir = RunDirectory.create(Path.of(args[6]), spec.name() + "-spread", LocalDateTime.now());
        try (ClusterRuntime runtime = RuntimeFactory.standard(NodeLauncher.currentJvm(), NodeImage::ofThisInstallation,
                out).create(spec, dir.nodes())) {
            runtime.start(Duration.ofSeconds(60));
            LoadTarget target = LoadTarget.ofNodes(spec, runtime.liveNodes());
            int[] n = {0};
            RunStep step = new RunStep(spec, runtime, target, dir, out, level -> "probe-" + (++n[0]) + "-" + level);
            for (int round = 1; round <= warmRounds; round++) {
                report("warm", step.run(warmUsers, windows.getFirst()), out);
            }
            report("warm", step.run(users, windows.getFirst()), out);
            Map<Duration, List<Double>> busiest = new LinkedHashMap<>();
            for (int round = 1; round <= rounds; round++) {
                for (Duration window : windows) {
                    StepMeasurement m = step.run(users, window);
                    report("round " + round, m, out);
                    if (m.valid()) {
                        busiest.computeIfAbsent(window, w -> new ArrayList<>()).add(m.maxCpuUtilization() * 100);
                    }
                }
            }
            busiest.forEach((window, readings) -> {
                double mean = readings.stream().mapToDouble(Double::doubleValue).average().orElse(0);
                double sd = Math.sqrt(readings.stream().mapToDouble(r -> (r - mean) * (r - mean)).sum()
                        / Math.max(1, readings.size() - 1));
                out.printf(Locale.ROOT, "window %3d s: %d valid runs, busiest node mean %.1f%%, sd %.2f points,"
                                + " range %.1f-%.1f%%%n", window.toSeconds(), readings.size(), mean, sd,
                        readings.stream().mapToDouble(Double::doubleValue).min().orElse(0),
                        readings.stream().mapToDouble(Double::doubleValue).max().orElse(0));
            });
        }
    }

    private static void report(String label, StepMeasurement m, PrintStream out) {
        out.printf(Locale.ROOT, "%-9s %5d users %3d s  busiest %5.1f%%  nodes %s  driver %.2f cores  %7.1f req/s"
                        + "  p90 %7.1f ms  %s%n", label, m.users(), m.window().toSeconds(), m.maxCpuUtilization() * 100,
                m.nodes().stream().map(c -> String.format(Locale.ROOT, "%.1f", c.utilization() * 100)).toList(),
                m.driver().used(), m.throughputPerSec(), m.p90Ms(),
                m.valid() ? "valid" : "INVALID " + m.invalidReasons());
    }
}

package io.replsim.scenario.run;

import io.replsim.scenario.report.InvalidRuns;
import io.replsim.scenario.runtime.InJvmRuntime;
import io.replsim.scenario.spec.ScenarioLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A soak played on in-JVM nodes, as replsim soak plays one: its directory under {@code runs}, what it printed. */
public record InJvmSoak(Path directory, SoakRunner.SoakSummary summary, String console) {

    /** Soaks the scenario file {@code scenario} {@code repeat} times into a soak directory under {@code runs}. */
    public static InJvmSoak play(Path runs, Path scenario, int repeat) throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        SoakRunner.SoakSummary summary = new SoakRunner(runs, out -> (spec, nodes) -> new InJvmRuntime(spec, nodes,
                out), new PrintStream(console, true, StandardCharsets.UTF_8), InvalidRuns.REFUSED)
                .run(ScenarioLoader.load(scenario), scenario, repeat);
        String name = "-soak-" + summary.scenario();
        try (Stream<Path> made = Files.list(runs)) {
            return new InJvmSoak(made.filter(path -> path.getFileName().toString().endsWith(name)).findFirst()
                    .orElseThrow(), summary, console.toString(StandardCharsets.UTF_8));
        }
    }
}

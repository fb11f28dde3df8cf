package io.replsim.scenario.run;

import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.runtime.InJvmRuntime;
import io.replsim.scenario.runtime.NodeImage;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeFactory;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;

/**
 * A scenario written to {@code <dir>/<name>.yaml} and played as {@code replsim run} plays it, on node processes of
 * this JVM's class path (runs under {@code <dir>/runs}, a progress line every 2 s): its outcome and what it printed.
 * The runner stops every node it started before {@link #play} returns, whatever happened.
 */
public record PlayedScenario(ScenarioSpec spec, RunOutcome outcome, String console) {

    public static PlayedScenario play(Path dir, String name, String yaml) throws Exception {
        return play(dir, name, yaml, out -> RuntimeFactory.standard(NodeLauncher.currentJvm(),
                NodeImage::ofThisInstallation, out));
    }

    /**
     * The same, its nodes in this JVM ({@link InJvmRuntime}): for a test whose claim is about the runner, not about
     * node processes.
     */
    public static PlayedScenario playInJvm(Path dir, String name, String yaml) throws Exception {
        return play(dir, name, yaml, out -> (spec, nodeDirectory) -> new InJvmRuntime(spec, nodeDirectory, out));
    }

    /** On the runtimes {@code runtimes} makes, given where the run prints. */
    public static PlayedScenario play(Path dir, String name, String yaml,
                                      Function<PrintStream, RuntimeFactory> runtimes) throws Exception {
        Path file = Files.writeString(dir.resolve(name + ".yaml"), yaml);
        ScenarioSpec spec = ScenarioLoader.load(file);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        ScenarioRunner runner = new ScenarioRunner(dir.resolve("runs"), runtimes.apply(out), out,
                Duration.ofSeconds(2));
        RunOutcome outcome = runner.run(spec, file);
        return new PlayedScenario(spec, outcome, console.toString(StandardCharsets.UTF_8));
    }

    public RunSummary summary() {
        return outcome.summary();
    }

    /** The run's directory: summary.json, events.jsonl, report.html, latency.hlog, nodes/. */
    public Path directory() {
        return outcome.directory();
    }

    public boolean passed() {
        return outcome.passed();
    }
}

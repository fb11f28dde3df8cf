package io.replsim.scenario.run;

import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.fault.NemesisFactory;
import io.replsim.scenario.fault.RuntimeNemesis;
import io.replsim.scenario.runtime.ClusterStartException;
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
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A scenario written to {@code <dir>/<name>.yaml} and played as {@code replsim run} plays it, on node processes of
 * this JVM's class path (runs under {@code <dir>/runs}, a progress line every 2 s): its outcome and what it printed.
 * The runner stops every node it started before {@link #play} returns, whatever happened.
 */
public record PlayedScenario(ScenarioSpec spec, RunOutcome outcome, String console) {

    public static PlayedScenario play(Path dir, String name, String yaml) throws Exception {
        return play(dir, name, yaml, PlayedScenario::processes, (runner, spec) -> runner);
    }

    /**
     * The scenario file {@code <name>.yaml} shipped in the module's directory (where surefire runs, beside the files
     * users give ./replsim run), played as {@link #play(Path, String, String)} plays it.
     */
    public static PlayedScenario playShipped(Path dir, String name) throws Exception {
        return play(dir, name, Files.readString(Path.of(name + ".yaml")));
    }

    /**
     * As {@link #play(Path, String, String)}, but each fault waits (at most {@code deadline}) until every user of
     * the closed load has had an answer and the nodes have served {@code answersPerUser} requests per user: a drill
     * whose exact counts need every user's session made before the fault ({@link ServedUsersFirst}).
     */
    public static PlayedScenario playOnceUsersAreServed(Path dir, String name, String yaml, int answersPerUser,
                                                        Duration deadline) throws Exception {
        return play(dir, name, yaml, PlayedScenario::processes, (runner, spec) -> runner.withNemesis(
                (runtime, users, count) -> new ServedUsersFirst(new RuntimeNemesis(runtime, users, count), runtime,
                        users, count, answersPerUser, deadline)));
    }

    /**
     * As {@link #play(Path, String, String)}, with the faults applied by {@code nemeses}, which is handed the
     * started cluster when the load is about to start: a test that does something to the nodes itself.
     */
    public static PlayedScenario playWithNemesis(Path dir, String name, String yaml,
                                                 NemesisFactory nemeses)
            throws Exception {
        return play(dir, name, yaml, PlayedScenario::processes, (runner, spec) -> runner.withNemesis(nemeses));
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
        return play(dir, name, yaml, runtimes, (runner, spec) -> runner);
    }

    private static RuntimeFactory processes(PrintStream out) {
        return RuntimeFactory.standard(NodeLauncher.currentJvm(), NodeImage::ofThisInstallation, out);
    }

    private static PlayedScenario play(Path dir, String name, String yaml,
                                       Function<PrintStream, RuntimeFactory> runtimes,
                                       BiFunction<ScenarioRunner, ScenarioSpec, ScenarioRunner> faults)
            throws Exception {
        Path file = Files.writeString(dir.resolve(name + ".yaml"), yaml);
        ScenarioSpec spec = ScenarioLoader.load(file);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        ScenarioRunner runner = faults.apply(new ScenarioRunner(dir.resolve("runs"), runtimes.apply(out), out,
                Duration.ofSeconds(2)), spec);
        RunOutcome outcome;
        try {
            outcome = runner.run(spec, file);
        } catch (ClusterStartException notFormed) {
            notFormed.addSuppressed(new Exception("the run's directory, its node logs included, is kept at "
                    + KeptRunDirectory.keep(dir.resolve("runs"), name)));
            throw notFormed;
        }
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

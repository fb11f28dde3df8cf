package io.replsim.scenario.capacity;

import io.replsim.scenario.run.PlayedRuntime;
import io.replsim.scenario.run.ScenarioRunner;
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
 * A scenario written to {@code <dir>/<name>.yaml} and searched as {@code replsim capacity} searches it (runs under
 * {@code <dir>/runs}): its summary and what it printed. The runner stops every node it started before
 * {@link #search} returns, whatever happened.
 */
record SearchedScenario(CapacitySummary summary, String console) {

    /** On the runtimes {@code runtimes} makes, given where the search prints. */
    static SearchedScenario search(Path dir, String name, String yaml, Function<PrintStream, RuntimeFactory> runtimes,
                                   CapacityCriteria criteria, SearchPlan plan, boolean oneNodeDown) throws Exception {
        return search(dir, name, yaml, runtimes, criteria, plan,
                oneNodeDown ? CapacityMode.ONE_NODE_DOWN : CapacityMode.ALL_NODES);
    }

    /** The same, in any {@link CapacityMode}. */
    static SearchedScenario search(Path dir, String name, String yaml, Function<PrintStream, RuntimeFactory> runtimes,
                                   CapacityCriteria criteria, SearchPlan plan, CapacityMode mode) throws Exception {
        Path file = Files.writeString(dir.resolve(name + ".yaml"), yaml);
        ScenarioSpec spec = ScenarioLoader.load(file);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        RuntimeFactory runtime = runtimes.apply(out);
        CapacitySummary summary = new CapacityRunner(new ScenarioRunner(dir.resolve("runs"), runtime, out,
                Duration.ofSeconds(5)), out).run(spec, file, PlayedRuntime.ownNodes(runtime), criteria, plan,
                mode);
        return new SearchedScenario(summary, console.toString(StandardCharsets.UTF_8));
    }
}

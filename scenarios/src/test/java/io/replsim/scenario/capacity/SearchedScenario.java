package io.replsim.scenario.capacity;

import io.replsim.scenario.runtime.RuntimeFactory;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
        Path file = Files.writeString(dir.resolve(name + ".yaml"), yaml);
        ScenarioSpec spec = ScenarioLoader.load(file);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        CapacitySummary summary = new CapacityRunner(dir.resolve("runs"), runtimes.apply(out), out)
                .run(spec, file, criteria, plan, oneNodeDown);
        return new SearchedScenario(summary, console.toString(StandardCharsets.UTF_8));
    }
}

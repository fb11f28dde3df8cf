package io.replsim.cli;

import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.spec.SpecException;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** What every command that plays a scenario takes: the file, and where its run directories go. */
final class ScenarioFile {

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "the scenario file, e.g. scenarios/quickstart.yaml")
    Path path;

    @Option(names = "--runs-dir", defaultValue = "runs", description = "where run directories go (default: ${DEFAULT-VALUE})")
    Path runsDir;

    /** The scenario, or empty after every problem in the file was printed (exit with BAD_INPUT then). */
    Optional<ScenarioSpec> load() {
        try {
            return Optional.of(ScenarioLoader.load(path));
        } catch (SpecException e) {
            System.err.println(e.getMessage());
            return Optional.empty();
        }
    }
}

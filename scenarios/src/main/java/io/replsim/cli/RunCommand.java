package io.replsim.cli;

import io.replsim.scenario.run.RunOutcome;
import io.replsim.scenario.run.ScenarioRunner;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.spec.ScenarioSpec;
import java.util.Optional;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "run", description = "Start the scenario's cluster, drive its load, inject its faults and report.")
final class RunCommand implements Callable<Integer> {

    @Mixin
    ScenarioFile scenario;


    @Option(names = "--progress-every", defaultValue = "5", description = "seconds between progress lines (default: ${DEFAULT-VALUE})")
    int progressSeconds;

    @Override
    public Integer call() {
        Optional<ScenarioSpec> loaded = scenario.load();
        if (loaded.isEmpty()) {
            return ReplsimCommand.BAD_INPUT;
        }
        ScenarioSpec spec = loaded.get();
        if (progressSeconds < 1) {
            System.err.println("--progress-every: " + progressSeconds + " is not valid; expected whole seconds, 1 or more");
            return ReplsimCommand.BAD_INPUT;
        }
        if (spec.repeat() > 1) {
            // repeat: N in the file is a soak of N drills, with its distributions
            return SoakCommand.soak(scenario, spec, spec.repeat());
        }
        ScenarioRunner runner = new ScenarioRunner(scenario.runsDir, NodeLauncher.currentJvm(), System.out,
                Duration.ofSeconds(progressSeconds));
        return ClusterWork.exitCode("run", () -> {
            RunOutcome outcome = runner.run(spec, scenario.path);
            if (!outcome.passed()) {
                System.out.println("replsim: FAIL: " + outcome.summary().checks().stream()
                        .filter(check -> !check.passed())
                        .map(check -> check.check() + " " + check.limit() + " but measured " + check.actual())
                        .reduce((a, b) -> a + "; " + b).orElse("a check failed"));
                return ReplsimCommand.CHECKS_FAILED;
            }
            return 0;
        });
    }
}

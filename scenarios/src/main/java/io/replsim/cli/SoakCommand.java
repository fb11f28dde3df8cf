package io.replsim.cli;

import io.replsim.scenario.report.InvalidRuns;
import io.replsim.scenario.run.PlayedRuntime;
import io.replsim.scenario.run.SoakRunner;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.spec.ScenarioSpec;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "soak", description = "Run a drill many times, each on a fresh cluster, and report the distribution"
        + " of its figures (sessions lost, time to new view, failover).",
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = {
                "0:every drill's checks held and every drill was VALID",
                "1:a drill's check failed",
                "2:bad input: the scenario file or an option",
                "3:a drill broke (its cluster did not come up, an I/O error)",
                "4:a drill was INVALID (its figures describe the driver, not the cluster); --accept-invalid judges"
                        + " such drills by their checks instead"})
final class SoakCommand implements Callable<Integer> {

    @Mixin
    ScenarioFile scenario;

    @Mixin
    ValidityOptions validity;

    @Option(names = "--repeat", required = true, description = "how many drills, e.g. 100 (overrides the file's"
            + " repeat)")
    int repeat;

    @Override
    public Integer call() {
        Optional<ScenarioSpec> loaded = scenario.load();
        if (loaded.isEmpty()) {
            return ReplsimCommand.BAD_INPUT;
        }
        ScenarioSpec spec = loaded.get();
        try {
            // the bound of the file's repeat
            FlagRange.wholeNumber("--repeat", 1, 1000).check(repeat);
        } catch (IllegalArgumentException e) {
            System.err.println("replsim soak: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        RuntimeRefusals refusals = RuntimeRefusals.of(spec, PlayedRuntime.of(spec, Optional.empty(),
                NodeLauncher.currentJvm(), System.out));
        if (refusals.any()) {
            refusals.print("soak", scenario.path.toString());
            return ReplsimCommand.BAD_INPUT;
        }
        return soak(scenario, spec, repeat, validity.invalidRuns());
    }

    /** Plays the drill {@code repeat} times; also what {@code run} does for a scenario with {@code repeat: N}. */
    static int soak(ScenarioFile scenario, ScenarioSpec spec, int repeat, InvalidRuns invalidRuns) {
        return ClusterWork.exitCode("soak", () -> {
            var summary = new SoakRunner(scenario.runsDir, NodeLauncher.currentJvm(), System.out, invalidRuns)
                    .run(spec, scenario.path, repeat);
            if (summary.broken() > 0) {
                return ReplsimCommand.RUN_BROKE;
            }
            if (summary.invalid() > 0) {
                return ReplsimCommand.INVALID_RUN;
            }
            return summary.held() ? 0 : ReplsimCommand.CHECKS_FAILED;
        });
    }
}

package io.replsim.cli;

import io.replsim.scenario.run.SoakRunner;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.spec.SpecException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "soak", description = "Run a drill many times, each on a fresh cluster, and report the distribution"
        + " of its figures (sessions lost, time to new view, failover).")
final class SoakCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "the drill, e.g. scenarios/quickstart.yaml")
    Path scenario;

    @Option(names = "--repeat", required = true, description = "how many drills, e.g. 100")
    int repeat;

    @Option(names = "--runs-dir", defaultValue = "runs", description = "where run directories go (default: ${DEFAULT-VALUE})")
    Path runsDir;

    @Override
    public Integer call() {
        ScenarioSpec spec;
        try {
            spec = ScenarioLoader.load(scenario);
        } catch (SpecException e) {
            System.err.println(e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        if (repeat < 1) {
            System.err.println("--repeat: " + repeat + " is not valid; expected a whole number, 1 or more");
            return ReplsimCommand.BAD_INPUT;
        }
        try {
            var summary = new SoakRunner(runsDir, NodeLauncher.currentJvm(), System.out).run(spec, scenario, repeat);
            if (summary.broken() > 0) {
                return ReplsimCommand.RUN_BROKE;
            }
            return summary.held() ? 0 : ReplsimCommand.CHECKS_FAILED;
        } catch (IOException e) {
            System.err.println("replsim: the soak broke: " + e.getMessage());
            return ReplsimCommand.RUN_BROKE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.err.println("replsim: interrupted; every node started was stopped");
            return ReplsimCommand.RUN_BROKE;
        }
    }
}

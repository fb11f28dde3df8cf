package io.replsim.cli;

import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.SpecException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "validate", description = "Check a scenario file and list every problem in it, without running it.")
final class ValidateCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "the scenario file")
    Path scenario;

    @Override
    public Integer call() {
        try {
            var spec = ScenarioLoader.load(scenario);
            String load = spec.load().open()
                    .map(open -> String.format(java.util.Locale.ROOT, "open model at %.1f/s", open.ratePerSecond()))
                    .orElse(spec.load().users() + " users");
            System.out.println(scenario + ": valid (" + spec.cluster().nodes() + " nodes, " + load + ", "
                    + spec.faults().size() + " fault(s), " + spec.checks().size() + " check(s))");
            return 0;
        } catch (SpecException e) {
            System.err.println(e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
    }
}

package io.replsim.cli;

import io.replsim.scenario.run.PlayedRuntime;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.spec.ScenarioVariant;
import io.replsim.scenario.spec.SpecException;
import java.util.List;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(name = "validate", description = {"Check a scenario file and list every problem in it, without running it:",
        "what the file gets wrong, and what its runtime (cluster.runtime, or the cluster --target names, with the",
        "same options as run) cannot play; a file with a matrix: each of its variants. Exit 0 when it can run as it",
        "is, 2 when not."})
final class ValidateCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "the scenario file")
    Path scenario;

    @Mixin
    ExternalTargetOptions external;

    @Override
    public Integer call() {
        List<ScenarioVariant> variants;
        try {
            variants = ScenarioLoader.variants(scenario);
        } catch (SpecException e) {
            System.err.println(e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        if (variants.getFirst().ofMatrix()) {
            System.out.println(scenario + ": a matrix of " + variants.size() + " variants, each checked as a scenario"
                    + " file of its own (replsim compare plays them)");
        }
        int exit = 0;
        for (ScenarioVariant variant : variants) {
            exit = Math.max(exit, validate(variant));
        }
        return exit;
    }

    private int validate(ScenarioVariant variant) {
        ScenarioSpec spec = variant.spec();
        String named = variant.ofMatrix() ? scenario + " (" + variant.name() + ")" : scenario.toString();
        RuntimeRefusals refusals;
        try {
            refusals = RuntimeRefusals.of(spec, PlayedRuntime.of(spec, external.target(spec.workload()),
                    NodeLauncher.currentJvm(), System.out));
        } catch (IllegalArgumentException e) {
            System.err.println("replsim validate: " + (variant.ofMatrix() ? named + ": " : "") + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        if (refusals.any()) {
            refusals.print("validate", named);
            return ReplsimCommand.BAD_INPUT;
        }
        String load = spec.load().open()
                .map(open -> String.format(Locale.ROOT, "open model at %.1f/s", open.ratePerSecond()))
                .orElse(spec.load().users() + " users");
        System.out.println(named + ": valid (" + spec.cluster().nodes() + " nodes, " + load + ", "
                + spec.faults().size() + " fault(s), " + spec.checks().size() + " check(s), runtime "
                + refusals.runtime() + ")");
        return 0;
    }
}

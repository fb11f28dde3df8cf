package io.replsim.cli;

import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.report.RunVerdict;
import io.replsim.scenario.run.PlayedRuntime;
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

@Command(name = "run", description = {"Start the scenario's cluster, drive its load, inject its faults and report.",
        "With --target the drill runs against a cluster that is already running: its kills and restarts run the",
        "--kill-command and --restart-command given, and what cannot be measured there is reported as such."},
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = {
                "0:every check held and the run was VALID",
                "1:a check failed (the run was VALID, or INVALID with --accept-invalid)",
                "2:bad input: the scenario file or an option (what was wrong is printed, with where)",
                "3:the run broke: the cluster did not come up, a target did not answer, an I/O error",
                "4:the run was INVALID: its steady window measured the driver, not the cluster (Little's law,"
                        + " think time, the driver's CPU or GC; the reasons are printed); --accept-invalid reports it"
                        + " by its checks instead"})
final class RunCommand implements Callable<Integer> {

    @Mixin
    ScenarioFile scenario;

    @Mixin
    ExternalTargetOptions external;

    @Mixin
    ValidityOptions validity;

    @Option(names = "--progress-every", defaultValue = "5", description = "seconds between progress lines (default: ${DEFAULT-VALUE})")
    int progressSeconds;

    @Option(names = "--jfr", description = "record each node and the driver with JDK Flight Recorder (as cluster.jfr:"
            + " true): nodes/<node>-<pid>.jfr and driver.jfr in the run directory, summarized at the end")
    boolean flightRecording;

    @Option(names = "--metrics-port", paramLabel = "<port>", description = "serve the load driver's Prometheus"
            + " metrics on this port of 127.0.0.1 while the run plays, whatever the scenario says (cluster.metrics:"
            + " true serves them on any free port, with each node's)")
    Integer metricsPort;

    @Override
    public Integer call() {
        Optional<ScenarioSpec> loaded = scenario.load();
        if (loaded.isEmpty()) {
            return ReplsimCommand.BAD_INPUT;
        }
        ScenarioSpec spec = flightRecording ? loaded.get().withCluster(loaded.get().cluster().withFlightRecording(true))
                : loaded.get();
        try {
            new FlagRange("--progress-every", "whole seconds from 1 to 3600", s -> s >= 1 && s <= 3600)
                    .check(progressSeconds);
            if (metricsPort != null) {
                FlagRange.wholeNumber("--metrics-port", 1, 65_535).check(metricsPort);
                if (spec.repeat() > 1) {
                    throw new IllegalArgumentException("--metrics-port serves one run's driver, and "
                            + scenario.path + " is a soak of " + spec.repeat() + " runs (repeat); leave the option"
                            + " out, or set repeat: 1");
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("replsim run: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        PlayedRuntime<?> played;
        try {
            played = PlayedRuntime.of(spec, external.target(spec.workload()), NodeLauncher.currentJvm(), System.out);
        } catch (IllegalArgumentException e) {
            System.err.println("replsim run: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        RuntimeRefusals refusals = RuntimeRefusals.of(spec, played);
        if (refusals.any()) {
            refusals.print("run", scenario.path.toString());
            return ReplsimCommand.BAD_INPUT;
        }
        if (spec.repeat() > 1) {
            // repeat: N in the file is a soak of N drills, with its distributions
            return SoakCommand.soak(scenario, spec, spec.repeat(), validity.invalidRuns());
        }
        ScenarioRunner standard = new ScenarioRunner(scenario.runsDir, NodeLauncher.currentJvm(), System.out,
                Duration.ofSeconds(progressSeconds), validity.invalidRuns());
        ScenarioRunner runner = metricsPort == null ? standard : standard.withDriverMetricsPort(metricsPort);
        return ClusterWork.exitCode("run", () -> exitCode(runner.run(spec, scenario.path, played)));
    }

    private static int exitCode(RunOutcome outcome) {
        return exitCode(outcome.summary());
    }

    /** A finished run's exit code, printing why it is not 0 ({@code agent} and {@code merge --into} share it). */
    static int exitCode(RunSummary summary) {
        if (!summary.passed()) {
            System.out.println("replsim: FAIL: " + summary.checks().stream()
                    .filter(check -> !check.passed())
                    .map(check -> check.check() + " " + check.limit() + " but measured " + check.actual())
                    .reduce((a, b) -> a + "; " + b).orElse("a check failed"));
        }
        return switch (RunVerdict.valueOf(summary.verdict())) {
            case INVALID -> {
                System.out.println("replsim: INVALID: " + String.join("; ", summary.validity().reasons()));
                System.out.println("replsim: the figures describe the driver, not the cluster: run it again with"
                        + " fewer users or on a quieter machine, or pass --accept-invalid to be judged by the checks");
                yield ReplsimCommand.INVALID_RUN;
            }
            case FAIL -> ReplsimCommand.CHECKS_FAILED;
            case PASS -> 0;
        };
    }
}

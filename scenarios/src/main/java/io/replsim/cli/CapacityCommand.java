package io.replsim.cli;

import io.replsim.scenario.capacity.CapacityCriteria;
import io.replsim.scenario.capacity.CapacityMode;
import io.replsim.scenario.capacity.CapacityRunner;
import io.replsim.scenario.capacity.CapacitySummary;
import io.replsim.scenario.capacity.MachineCores;
import io.replsim.scenario.capacity.SearchPlan;
import io.replsim.scenario.run.PlayedRuntime;
import io.replsim.scenario.run.ScenarioRunner;
import io.replsim.scenario.runtime.CapabilityNeed;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeCapabilities;
import io.replsim.scenario.runtime.ScenarioNeeds;
import io.replsim.scenario.runtime.external.ExternalCapabilities;
import io.replsim.scenario.runtime.external.ExternalTarget;
import io.replsim.scenario.spec.ScenarioSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "capacity", description = {
        "Find the most users the scenario's cluster sustains: the latency statistic at most the limit, every node at",
        "most the CPU limit of its budget, errors at most the error limit, the run valid, the nodes' budgets and the",
        "driver within the machine's cores. Steps users up until a step fails, then runs longer boundary steps where",
        "a line through the valid steps near the boundary reaches the binding limit, and answers with a 95%% interval.",
        "Each step is the scenario's load (think time, ramp-up, warm-up, steady window) with the step's users; its",
        "faults and checks are not used. Exit 0 when a load was sustained, 1 when none, 2 when the nodes' budgets",
        "leave the driver too little of this machine, 4 when the machine's cores bound the answer (INVALID).",
        "With load.model open it searches the arrival rate instead (arrivals a second, from load.rate), same limits.",
        "With --target it searches a cluster that runs elsewhere: its CPU is not read, so the CPU limit is not applied.",
        "With --through-kill each step kills the node owning the most sessions and is judged on the window after the",
        "kill (latency, sessions lost, the survivors' failed attempts, validity); their CPU is reported, not a limit."})
final class CapacityCommand implements Callable<Integer> {

    @Mixin
    ScenarioFile scenario;

    @Mixin
    CapacitySearchOptions search;

    @Option(names = "--one-node-down", description = "then stop one node and search again on the survivors (N−1)")
    boolean oneNodeDown;

    @Option(names = "--through-kill", description = "kill the node owning the most sessions in every step (SIGKILL),"
            + " judge the window after the kill, and start the node again before the next step")
    boolean throughKill;

    @Mixin
    ExternalTargetOptions external;

    @Override
    public Integer call() {
        Optional<ScenarioSpec> loaded = scenario.load();
        if (loaded.isEmpty()) {
            return ReplsimCommand.BAD_INPUT;
        }
        ScenarioSpec spec = loaded.get();
        CapacityCriteria criteria;
        SearchPlan plan;
        CapacityMode mode;
        try {
            criteria = search.criteria(spec);
            plan = search.plan(spec);
            mode = CapacityMode.of(oneNodeDown, throughKill);
        } catch (IllegalArgumentException e) {
            System.err.println("replsim capacity: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        if (spec.tomcat().isPresent()) {
            System.err.println("replsim capacity: cluster.runtime: tomcat runs with replsim run (a drill): the search"
                    + " reads each node's CPU through replsim's admin API. To size a Tomcat cluster, start it yourself"
                    + " and use --target with --app probe");
            return ReplsimCommand.BAD_INPUT;
        }
        Optional<ExternalTarget> externalTarget;
        try {
            externalTarget = external.target(spec.workload());
            // through a kill the search restarts a node, and the refusals below say what else it needs
            if (externalTarget.isPresent() && externalTarget.get().restart().isPresent()
                    && mode != CapacityMode.THROUGH_KILL) {
                throw new IllegalArgumentException("--restart-command is for the restart faults of replsim run;"
                        + " the capacity search restarts no node, so leave it out");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("replsim capacity: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        int nodes = externalTarget.map(target -> target.nodes().size()).orElse(spec.cluster().nodes());
        if (mode == CapacityMode.THROUGH_KILL && nodes < 2) {
            System.err.println("replsim capacity: --through-kill kills a node in every step, and " + (externalTarget
                    .isPresent() ? "--target gives 1 node" : scenario.path + " has cluster.nodes: 1")
                    + ": give it 2 nodes or more");
            return ReplsimCommand.BAD_INPUT;
        }
        if (externalTarget.isPresent()) {
            RuntimeCapabilities runtime = ExternalCapabilities.of(externalTarget.get());
            RuntimeRefusals refusals = new RuntimeRefusals(runtime.runtime(),
                    runtime.refusalsOf(needs(spec, externalTarget.get(), mode)));
            if (refusals.any()) {
                refusals.print("capacity", scenario.path.toString());
                return ReplsimCommand.BAD_INPUT;
            }
        }
        if (externalTarget.isEmpty()) {
            Optional<String> refusal = MachineCores.ofThisMachine().refusal(spec.cluster());
            if (refusal.isPresent()) {
                System.err.println("replsim capacity: " + refusal.get());
                return ReplsimCommand.BAD_INPUT;
            }
        }
        SearchPlan searchPlan = plan;
        CapacityMode searchMode = mode;
        CapacityCriteria limits = criteria;
        PlayedRuntime<?> played = PlayedRuntime.of(spec, externalTarget, NodeLauncher.currentJvm(), System.out);
        return ClusterWork.exitCode("capacity run", () -> {
            // the entry's progress lines are a run's: a capacity search prints a line per step of its own
            CapacityRunner runner = new CapacityRunner(new ScenarioRunner(scenario.runsDir, NodeLauncher.currentJvm(),
                    System.out, Duration.ofSeconds(5)), System.out);
            CapacitySummary summary = runner.run(spec, scenario.path, played, limits, searchPlan, searchMode);
            if (!summary.invalidReasons().isEmpty()) {
                return ReplsimCommand.INVALID_RUN;
            }
            return summary.search().usersSustained() > 0 ? 0 : ReplsimCommand.CHECKS_FAILED;
        });
    }

    /**
     * What the search needs of a cluster it does not run: its load, and what its mode needs (--one-node-down a way
     * to kill one of several nodes; --through-kill a kill, a restart and the cluster's views). The scenario's faults
     * and checks are not played, so they ask nothing.
     */
    private static List<CapabilityNeed> needs(ScenarioSpec spec, ExternalTarget target, CapacityMode mode) {
        List<CapabilityNeed> needs = new ArrayList<>(ScenarioNeeds.loadModel(spec));
        needs.addAll(mode.needs(target.nodes().size()));
        return needs;
    }
}

package io.replsim.scenario.capacity;

import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.fault.FaultEvidence;
import io.replsim.scenario.fault.NodeReadBack;
import io.replsim.scenario.provenance.NodesRuntime;
import io.replsim.scenario.run.LoadPhases;
import io.replsim.scenario.run.LoadTarget;
import io.replsim.scenario.run.PlayedRuntime;
import io.replsim.scenario.run.RunDirectory;
import io.replsim.scenario.run.ScenarioRunner;
import io.replsim.scenario.runtime.CapabilityNeed;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.runtime.CpuBudgetEnforcement;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.scenario.runtime.ScenarioNeeds;
import io.replsim.scenario.spec.CapacityWarmUp;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code replsim capacity}: has the one entry ({@link ScenarioRunner#enter}) make its run directory and start the
 * scenario's runtime once (replsim's own nodes, or a cluster it does not run, {@code --target}), then searches for
 * the most users it sustains under the criteria, each step the scenario's load (think time, ramp-up, warm-up, steady
 * window) with the step's users, played as a run ({@link RunStep}); with the open model, the highest arrival rate
 * instead. The scenario's faults and checks are not used. With {@code oneNodeDown} it then kills the last node and
 * searches again on the survivors. A runtime whose nodes' CPU is not read (a cluster replsim does not run) has its
 * steps judged without the CPU limit, and the console and summary say so. Everything started is stopped before it
 * returns.
 */
public final class CapacityRunner {

    private static final Duration SETTLE_DEADLINE = Duration.ofSeconds(30);
    /** How long a killed node may take to read back as gone: its exit status, or its URL no longer answering. */
    private static final Duration KILL_READ_BACK_WITHIN = Duration.ofSeconds(10);
    static final String EXTERNAL_CPU_NOT_APPLIED = "CPU limit: the target's CPU is not read from outside, so no"
            + " step was held to it (not measured, not passed)";

    private final ScenarioRunner entry;
    private final PrintStream out;

    /** {@code entry}: the one entry, which makes the run directory and starts the runtime. */
    public CapacityRunner(ScenarioRunner entry, PrintStream out) {
        this.entry = entry;
        this.out = out;
    }

    /**
     * Searches {@code spec}'s capacity on {@code played} ({@link PlayedRuntime#of}).
     *
     * @throws IllegalArgumentException naming what the search needs and the runtime cannot do, before anything
     * @throws ClusterStartException    when the cluster did not start, or a target did not answer, before any step
     */
    public CapacitySummary run(ScenarioSpec spec, Path specFile, PlayedRuntime<?> played, CapacityCriteria criteria,
                               SearchPlan plan, boolean oneNodeDown)
            throws IOException, InterruptedException, ClusterStartException {
        return run(spec, specFile, played, criteria, plan, oneNodeDown ? CapacityMode.ONE_NODE_DOWN
                : CapacityMode.ALL_NODES);
    }

    /** The same, for any {@link CapacityMode}. */
    public CapacitySummary run(ScenarioSpec spec, Path specFile, PlayedRuntime<?> played, CapacityCriteria criteria,
                               SearchPlan plan, CapacityMode mode)
            throws IOException, InterruptedException, ClusterStartException {
        CapacityConsole console = new CapacityConsole(out, SearchedLoad.of(spec.load()));
        ScenarioRunner.Entrance entrance = new ScenarioRunner.Entrance(spec.name() + "-capacity",
                // its load, and a kill and a restart for --through-kill; a kill for --one-node-down is refused by
                // the command, which knows the targets
                capabilities -> capabilities.refusalsOf(needs(spec, mode)),
                dir -> printHeader(spec, criteria, mode, dir, console));
        return entry.enter(spec, specFile, played, entrance, (runtime, dir, all, started) -> {
            boolean measured = runtime.readsNodeStats();
            CpuBudgetEnforcement cpuBudget = runtime.cpuBudget();
            if (measured) {
                console.line("cpu budget %.2f cores per node, %s", spec.cluster().cpuBudgetCores(),
                        cpuBudget.enforced() ? "enforced: " + cpuBudget.detail()
                                : "NOT enforced (" + cpuBudget.detail() + ")");
            } else {
                console.line("target: %s%s, cookie %s (external: its CPU is not read, so the CPU limit is NOT"
                        + " APPLIED)", all.nodes().stream().map(node -> node.name() + "=" + node.baseUri()).toList(),
                        all.path(), all.protocol().cookieName());
            }
            Searches searches = searches(spec, runtime, all, criteria, plan, mode, console, dir,
                    measured ? "capacity" : "capacity of the external target");
            if (measured) {
                for (NodeHandle node : runtime.liveNodes()) {
                    dir.writeNodeStats(node.name(), runtime.admin(node.name()).statsJson());
                }
            }
            return finish(spec, criteria, mode, dir, console, started, runtime.nodesRuntime(), runtime.nodes().size(),
                    measured ? spec.cluster().cpuBudgetCores() : null, searches.all(),
                    searches.survivorCpu(), searches.down(),
                    measured ? List.of() : List.of(EXTERNAL_CPU_NOT_APPLIED), measured ? cpuBudget : null);
        });
    }

    private static List<CapabilityNeed> needs(ScenarioSpec spec, CapacityMode mode) {
        List<CapabilityNeed> needs = new ArrayList<>(ScenarioNeeds.loadModel(spec));
        if (mode == CapacityMode.THROUGH_KILL) {
            needs.addAll(mode.needs(spec.cluster().nodes()));
        }
        return needs;
    }

    /** The search on every node, and with {@code oneNodeDown} the one after the last node was killed. */
    private record Searches(CapacitySummary.Search all, Double survivorCpu, CapacitySummary.Search down) {
    }

    /**
     * Searches on every node of the started {@code runtime}, then with {@code oneNodeDown} kills the last node (a
     * cluster replsim runs: once the survivors agree on a view without it) and searches again on the survivors;
     * each step a {@link RunStep} whose load goes to the nodes of {@code target} that live.
     */
    private Searches searches(ScenarioSpec spec, ClusterRuntime runtime, LoadTarget target, CapacityCriteria criteria,
                              SearchPlan plan, CapacityMode mode, CapacityConsole console, RunDirectory dir,
                              String title) throws IOException, InterruptedException {
        List<String> names = runtime.nodes().stream().map(NodeHandle::name).toList();
        if (mode == CapacityMode.THROUGH_KILL) {
            // the target is every node, the killed one included: its users fail over as a balancer's would
            CapacityResult through = search(spec, runtime, target.on(runtime.nodes()), criteria, plan, console, dir,
                    "through-kill", Optional.of(new ThroughKill(spec, runtime, out)));
            CapacitySummary.Search search = report(spec, names, names.size(), through, "through-kill",
                    title + " through a kill of the node owning the most sessions", console, dir);
            if (search.atCapacity() != null && search.atCapacity().maxNodeCpuUtilization() != null) {
                console.line("after the kill at capacity the busiest survivor ran at %.0f%% of its budget (the %.0f%%"
                        + " rule holds each node to it before a kill, so that %d survivors stay within %.0f%%)",
                        search.atCapacity().maxNodeCpuUtilization() * 100, criteria.cpuLimit() * 100,
                        names.size() - 1, criteria.cpuLimit() * names.size() / (names.size() - 1) * 100);
            }
            return new Searches(search, null, null);
        }
        CapacityResult all = search(spec, runtime, target.on(runtime.liveNodes()), criteria, plan, console, dir,
                "all", Optional.empty());
        CapacitySummary.Search allNodes = report(spec, names, names.size(), all, "all", title, console, dir);
        Double survivorCpu = survivorUtilization(allNodes);
        if (survivorCpu != null) {
            console.line("one node lost at capacity: each survivor would run at %.0f%% of its budget"
                    + " (busiest node × N/(N−1) = × %d/%d)%s", survivorCpu * 100, names.size(), names.size() - 1,
                    survivorCpu > 1 ? ": MORE than it has, the survivors cannot absorb it" : "");
        }
        if (mode != CapacityMode.ONE_NODE_DOWN || names.size() < 2) {
            return new Searches(allNodes, survivorCpu, null);
        }
        String stopped = names.getLast();
        console.line("");
        if (runtime.readsNodeStats()) {
            console.line("killing %s (at once, without a leave, as a crash: SIGKILL for a process) to search again"
                    + " with %d nodes", stopped, names.size() - 1);
            runtime.kill(stopped);
            seenDown(runtime, stopped, console);
            awaitViewWithout(runtime, stopped);
        } else {
            console.line("killing %s with the given command, then searching again with %d nodes", stopped,
                    names.size() - 1);
            try {
                runtime.kill(stopped);
            } catch (UncheckedIOException e) {
                throw e.getCause(); // the kill command failed: the search breaks with its exit code and stderr
            }
            seenDown(runtime, stopped, console);
        }
        CapacityResult survivors = search(spec, runtime, target.on(runtime.liveNodes()), criteria,
                survivorPlan(all, plan), console, dir, "n-1", Optional.empty());
        return new Searches(allNodes, survivorCpu, report(spec, names, names.size() - 1, survivors, "n-1",
                "capacity with " + stopped + " down", console, dir));
    }

    /**
     * Half the most users (or arrivals a second) that passed on all nodes: an unconfirmed search still gives the N−1
     * search a fair start.
     */
    private static SearchPlan survivorPlan(CapacityResult all, SearchPlan plan) {
        return plan.startingAt(Math.max(1, all.steps().stream().filter(StepOutcome::passed)
                .mapToInt(StepOutcome::users).max().orElse(2) / 2));
    }

    private void printHeader(ScenarioSpec spec, CapacityCriteria criteria, CapacityMode mode, RunDirectory dir,
                             CapacityConsole console) {
        out.println("replsim: capacity of " + spec.name() + ", run directory " + dir.root());
        console.line("criteria: %s", mode == CapacityMode.THROUGH_KILL ? criteria.describeThroughKill()
                : criteria.describe());
        if (mode == CapacityMode.THROUGH_KILL) {
            console.line("each step kills the node owning the most sessions %d s after its warm-up (SIGKILL), is"
                    + " judged from the kill for its window's length, then starts the node again and waits for it"
                    + " in every view; the warm-up's rounds kill nothing", ThroughKill.KILL_AFTER.toSeconds());
        }
        String load = LoadPhases.describe(spec.load());
        console.line("each step: %s", spec.load().isOpen()
                ? load.replaceFirst("^load: ", "").replaceFirst("at [0-9.]+/s", "at the step's rate")
                : load.replaceFirst("^load: \\d+ users, ", ""));
    }

    /** {@code names} are every node's, the CSV's columns; {@code nodes} is how many served this search. */
    private static CapacitySummary.Search report(ScenarioSpec spec, List<String> names, int nodes,
                                                 CapacityResult result, String label, String title,
                                                 CapacityConsole console, RunDirectory dir) throws IOException {
        CapacitySummary.Search search = CapacitySummary.searchOf(nodes, result);
        CapacityCsv.write(dir.root().resolve("capacity.csv"), label, SearchedLoad.of(spec.load()), names, search);
        console.result(title, search);
        return search;
    }

    private static CapacitySummary finish(ScenarioSpec spec, CapacityCriteria criteria, CapacityMode mode,
                                          RunDirectory dir,
                                          CapacityConsole console, ScenarioRunner.Started started,
                                          NodesRuntime nodesRuntime, int nodes,
                                          Double cpuBudgetCores, CapacitySummary.Search all, Double survivorCpu,
                                          CapacitySummary.Search down, List<String> notApplied,
                                          CpuBudgetEnforcement cpuBudget) throws IOException {
        List<String> invalid = CapacitySummary.invalidReasons(all, down);
        CapacitySummary summary = new CapacitySummary(spec.name(), dir.root().toString(), started.at().toString(),
                (System.nanoTime() - started.wallStartNanos()) / 1_000_000,
                (mode == CapacityMode.THROUGH_KILL ? criteria.describeThroughKill() : criteria.describe())
                        + (notApplied.isEmpty() ? "" : "; NOT APPLIED: " + String.join("; ", notApplied)),
                nodes, cpuBudgetCores, all, survivorCpu, down, notApplied,
                cpuBudget == null ? null : cpuBudget.enforced(), cpuBudget == null ? null : cpuBudget.detail(),
                SearchedLoad.of(spec.load()).unit(), invalid.isEmpty() ? "VALID" : "INVALID", invalid,
                started.provenance().end(nodesRuntime), CapacitySummary.Limits.of(criteria), mode.label());
        dir.writeSummary(summary);
        CapacityCsv.stamp(dir.root().resolve("capacity.csv"), summary.provenance());
        CapacityPage.write(dir.root().resolve(CapacityPage.FILE), summary);
        notApplied.forEach(limit -> console.line("not applied  %s", limit));
        summary.invalidReasons().forEach(reason -> console.line("INVALID      %s", reason));
        console.line("made by      %s", summary.provenance().line());
        console.line("search took %.0f s; run directory %s (capacity.html, capacity.csv, summary.json, step-*.hlog,"
                        + " nodes/)",
                summary.wallMs() / 1000.0, dir.root());
        return summary;
    }

    private CapacityResult search(ScenarioSpec spec, ClusterRuntime runtime, LoadTarget target,
                                  CapacityCriteria criteria, SearchPlan plan, CapacityConsole console,
                                  RunDirectory dir, String label, Optional<ThroughKill> kill)
            throws IOException, InterruptedException {
        SearchedLoad searched = SearchedLoad.of(spec.load());
        // step-all-3-800users.hlog, or step-all-3-800per-s.hlog for a rate
        String suffix = searched == SearchedLoad.USERS ? "users" : "per-s";
        AtomicInteger stepNumber = new AtomicInteger();
        RunStep step = new RunStep(spec, runtime, target, dir, out,
                level -> "step-" + label + "-" + stepNumber.incrementAndGet() + "-" + level + suffix, kill);
        AtomicInteger roundNumber = new AtomicInteger();
        RunStep warmUpStep = new RunStep(spec, runtime, target, dir, out,
                level -> "warmup-" + label + "-" + roundNumber.incrementAndGet() + "-" + level + suffix);
        List<StepOutcome> runs = new ArrayList<>();
        CapacityWarmUp warmUp = spec.capacity().warmUp();
        WarmUpPlan warmUpPlan = new WarmUpPlan(warmUp.minRounds(), warmUp.maxRounds(),
                WarmUpPlan.DEFAULT.settledRatio());
        console.line("warm-up: unmeasured rounds at %d %s (half as many after a round the nodes could not carry),"
                + " %d to %d, until two in a row agree within %.2fx", plan.startUsers(), searched.unit(),
                warmUpPlan.minRounds(), warmUpPlan.maxRounds(), warmUpPlan.settledRatio());
        SearchPlan planned = plan.withWindow(spec.load().steady());
        console.line("search: steps of %d s up by x%.0f until one fails, halved to within %.2fx; then %d to %d"
                        + " boundary steps of %d s where the estimate puts the answer, until its 95%% interval is"
                        + " within %.0f%% (without a line, steps of that window bisect and confirm); at most %d steps", planned.window().toSeconds(), planned.growth(),
                CapacitySearch.BRACKET, planned.boundary().minSteps(), planned.boundary().maxSteps(),
                planned.boundaryWindow().toSeconds(), planned.boundary().narrowEnough() * 100, planned.maxSteps());
        return new CapacitySearch(planned, criteria, step, outcome -> {
            runs.add(outcome);
            console.step(outcome, StepSpread.at(StepSpread.of(runs), outcome.users()));
        }, warmUpPlan, warmUpStep, console::warmUpRound, done -> console.warmUpDone(done, warmUpPlan),
                console::estimate).run();
    }

    /**
     * The busiest node's utilization at capacity scaled to N−1 nodes sharing its load; null with one node, without
     * a capacity, or when the nodes' CPU was not read.
     */
    static Double survivorUtilization(CapacitySummary.Search search) {
        if (search.atCapacity() == null || search.nodes() < 2 || search.atCapacity().maxNodeCpuUtilization() == null) {
            return null;
        }
        return search.atCapacity().maxNodeCpuUtilization() * search.nodes() / (search.nodes() - 1);
    }

    /**
     * The kill read back from the node (its process's exit status, a URL that stopped answering): a search "with one
     * node down" whose node is still up would measure nothing it claims, so it breaks instead.
     */
    private static void seenDown(ClusterRuntime runtime, String stopped, CapacityConsole console)
            throws InterruptedException, IOException {
        FaultEvidence down = new NodeReadBack(runtime, KILL_READ_BACK_WITHIN, KILL_READ_BACK_WITHIN).down(stopped);
        if (!down.confirmed()) {
            throw new IOException("the kill of " + stopped + " did not take effect (" + down.seen() + "): a search"
                    + " with one node down cannot run while it is up");
        }
        console.line("%s is down: %s", stopped, down.seen());
    }

    private void awaitViewWithout(ClusterRuntime runtime, String stopped) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + SETTLE_DEADLINE.toNanos();
        while (System.nanoTime() - deadline < 0) {
            boolean settled = true;
            for (NodeHandle node : runtime.liveNodes()) {
                NodeStatsReport stats = runtime.admin(node.name()).stats();
                settled &= stats.view() != null && !stats.view().members().contains(stopped);
            }
            if (settled) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IOException("the survivors did not agree on a view without " + stopped + " within "
                + SETTLE_DEADLINE.toSeconds() + " s");
    }
}

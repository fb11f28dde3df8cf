package io.replsim.scenario.external;

import io.replsim.scenario.runtime.SpecRefusal;
import io.replsim.replication.transport.StackPreset;
import io.replsim.scenario.spec.Check;
import io.replsim.scenario.spec.DelaySpec;
import io.replsim.scenario.spec.DiscardSpec;
import io.replsim.scenario.spec.DoubleKillSpec;
import io.replsim.scenario.spec.FaultExpectation;
import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.PartitionSpec;
import io.replsim.scenario.spec.PauseSpec;
import io.replsim.scenario.spec.RestartSpec;
import io.replsim.scenario.spec.ResumeSpec;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.spec.StopSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a scenario asks that cannot be done to a cluster replsim does not run, found before the run starts so that
 * a drill never half-runs: faults that need replsim's hold on the node processes or their JGroups stacks, targets
 * that need the cluster's view, checks that need the nodes' own stats, and parts of the load or the cluster
 * section that only replsim's own nodes serve. Each refusal names the entry's place in the file and what to do.
 */
public final class ExternalDrillRefusals {

    private static final String OWN_CLUSTER = "or run the drill on replsim's own cluster (without --target)";

    private ExternalDrillRefusals() {
    }

    /** Every refusal, in the order of the file; empty when the drill can run against {@code target}. */
    public static List<SpecRefusal> of(ScenarioSpec spec, ExternalTarget target) {
        List<SpecRefusal> refusals = new ArrayList<>();
        if (spec.repeat() > 1) {
            refusals.add(new SpecRefusal("repeat", "a repeat plays the drill " + spec.repeat() + " times, each on a"
                    + " fresh cluster replsim starts", "run the command again for each play, bringing your cluster"
                    + " back between runs, " + OWN_CLUSTER));
        }
        if (spec.cluster().nodes() != target.nodes().size()) {
            refusals.add(new SpecRefusal("cluster.nodes", "the scenario has " + spec.cluster().nodes() + " nodes and "
                    + target.nodes().size() + " --target were given, and the check that every fault leaves a node"
                    + " alive counts the scenario's", "set cluster.nodes to " + target.nodes().size()
                    + ", one per --target"));
        }
        spec.cluster().fullGcEvery().ifPresent(every -> refusals.add(new SpecRefusal("cluster.fullGcEvery",
                "a forced full GC goes through replsim's admin API on its own nodes",
                "remove cluster.fullGcEvery, " + OWN_CLUSTER)));
        if (!spec.workload().serviceTime().isNone()) {
            refusals.add(new SpecRefusal("workload.serviceTime", "the service time is CPU and a wait replsim's own node"
                    + " apps spend on each request; your app does its own work", "remove workload.serviceTime, "
                    + OWN_CLUSTER));
        }
        if (!spec.cluster().stack().equals(StackPreset.TUNED.tuning())) {
            refusals.add(new SpecRefusal("jgroups", "the jgroups section sets the stack of replsim's own nodes; your"
                    + " cluster's stack is in your servers' configuration", "remove the jgroups section, "
                    + OWN_CLUSTER));
        }
        if (spec.load().isOpen()) {
            refusals.add(new SpecRefusal("load.model", "the open model's driver speaks replsim's own apps only (their"
                    + " cookie and serial), not a target's --cookie-name and --serial", "use the closed model: remove"
                    + " load.model, rate, arrivals and"
                    + " sessions, and give load.users and load.thinkTime"));
        }
        if (!spec.load().script().isEmpty()) {
            refusals.add(new SpecRefusal("load.script", "a script's request types are replsim's own apps (counter,"
                    + " cart, profile, bean), which your cluster does not serve", "remove load.script: every request"
                    + " then goes to --path, the page of your app that shows the session's count"));
        }
        for (int index = 0; index < spec.faults().size(); index++) {
            fault(spec.faults().get(index), "faults[" + index + "]", target, refusals);
            for (FaultExpectation expectation : spec.expectationsOf(index)) {
                expectation(expectation, "faults[" + index + "].expect", refusals);
            }
        }
        for (Check check : spec.checks()) {
            needsNodeStats(check).ifPresent(key -> refusals.add(new SpecRefusal("checks." + key, why(key),
                    "remove it: only what the load driver sees (sessions, response times, errors, failover) is"
                            + " measured against your cluster")));
        }
        return List.copyOf(refusals);
    }

    private static void fault(FaultSpec fault, String path, ExternalTarget target, List<SpecRefusal> refusals) {
        String type = path + ".type";
        switch (fault) {
            case KillSpec kill -> {
                target(kill.target(), path + ".target", target, refusals);
                if (target.kill().isEmpty()) {
                    refusals.add(new SpecRefusal(path, "a kill against your cluster runs your kill command, and none"
                            + " was given", "give --kill-command, e.g. --kill-command 'ssh {node} sudo systemctl"
                            + " kill -s KILL tomcat' or 'docker kill {node}'"));
                }
            }
            case RestartSpec restart -> {
                target(restart.target(), path + ".target", target, refusals);
                if (target.restart().isEmpty()) {
                    refusals.add(new SpecRefusal(path, "a restart against your cluster runs your restart command, and"
                            + " none was given", "give --restart-command, e.g. --restart-command 'ssh {node} sudo"
                            + " systemctl start tomcat' (it must return once the server is started)"));
                }
            }
            case DoubleKillSpec ignored -> refusals.add(new SpecRefusal(type, "a double-kill kills the node's buddy,"
                    + " which only the cluster's own view and placement know", "write two kill faults with the two"
                    + " nodes named, the gap apart (- {type: kill, at: 20s, target: node1} and - {type: kill, at:"
                    + " 20.5s, target: node2})"));
            case StopSpec ignored -> refusals.add(new SpecRefusal(type, "a stop is a graceful leave replsim asks of its"
                    + " own node process (SIGTERM)", "use a kill whose --kill-command stops the server gracefully,"
                    + " e.g. 'ssh {node} sudo systemctl stop tomcat'"));
            case PauseSpec ignored -> refusals.add(new SpecRefusal(type, "a pause freezes replsim's own node process"
                    + " (SIGSTOP)", "remove it, " + OWN_CLUSTER));
            case ResumeSpec ignored -> refusals.add(new SpecRefusal(type, "a resume lets a node replsim paused run"
                    + " again, and no pause can run against your cluster", "remove it, " + OWN_CLUSTER));
            case PartitionSpec ignored -> refusals.add(new SpecRefusal(type, "a partition switches on JGroups DISCARD"
                    + " through replsim's admin API in its own nodes", "remove it, " + OWN_CLUSTER));
            case DelaySpec ignored -> refusals.add(new SpecRefusal(type, "a delay switches on JGroups DELAY through"
                    + " replsim's admin API in its own nodes", "remove it, " + OWN_CLUSTER));
            case DiscardSpec ignored -> refusals.add(new SpecRefusal(type, "a discard switches on JGroups DISCARD"
                    + " through replsim's admin API in its own nodes", "remove it, " + OWN_CLUSTER));
        }
    }

    private static void target(NodeSelector selector, String path, ExternalTarget target, List<SpecRefusal> refusals) {
        String allowed = "name a target (one of " + target.names() + "), or use primary-of-most, primary-of-user:<n>"
                + " or random";
        switch (selector) {
            case NodeSelector.Named named -> {
                if (!target.names().contains(named.node())) {
                    refusals.add(new SpecRefusal(path, "no --target is named " + named.node(), "name the node on the"
                            + " command line (--target " + named.node() + "=http://host:port), or use one of "
                            + target.names()));
                }
            }
            case NodeSelector.Coordinator ignored -> refusals.add(new SpecRefusal(path, "the coordinator is read from"
                    + " the nodes' JGroups views through replsim's admin API", allowed));
            case NodeSelector.BuddyOf buddy -> refusals.add(new SpecRefusal(path, "the buddy of " + buddy.node()
                    + " is read from the nodes' JGroups views through replsim's admin API", allowed));
            case NodeSelector.PrimaryOfMost ignored -> { }
            case NodeSelector.PrimaryOfUser ignored -> { }
            case NodeSelector.Random ignored -> { }
        }
    }

    private static void expectation(FaultExpectation expectation, String path, List<SpecRefusal> refusals) {
        switch (expectation) {
            case FaultExpectation.Bound bound -> needsNodeStats(bound.check()).ifPresent(key ->
                    refusals.add(new SpecRefusal(path + "." + key, why(key), "remove it: maxLost, maxStale,"
                            + " maxFailover, maxErrorsPerFault and maxP90Recovery are measured against your cluster")));
            case FaultExpectation.LostExactlyUnreplicated ignored -> refusals.add(new SpecRefusal(path + ".lost",
                    "which sessions had no live copy needs the cluster's views and placement",
                    "use maxLost: with the number of sessions you accept to lose"));
            case FaultExpectation.MaxLost ignored -> { }
            case FaultExpectation.MaxStale ignored -> { }
        }
    }

    /** The check's key when it needs what only replsim's own nodes report (views, CPU), else empty. */
    private static Optional<String> needsNodeStats(Check check) {
        return switch (check) {
            case Check.MaxViewChange ignored -> Optional.of("maxViewChange");
            case Check.MaxMergeAfterHeal ignored -> Optional.of("maxMergeAfterHeal");
            case Check.MaxSurvivorCpu ignored -> Optional.of("maxSurvivorCpu");
            default -> Optional.empty();
        };
    }

    private static String why(String key) {
        return switch (key) {
            case "maxSurvivorCpu" -> "the survivors' CPU is read from replsim's admin API on its own nodes, and"
                    + " your cluster's is not measured";
            default -> "the cluster's JGroups views are read from replsim's admin API on its own nodes, and your"
                    + " cluster's are not measured";
        };
    }
}

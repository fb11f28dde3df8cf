package io.replsim.scenario.runtime.external;

import static io.replsim.scenario.runtime.RuntimeCapability.CLUSTER_VIEW;
import static io.replsim.scenario.runtime.RuntimeCapability.DELAY;
import static io.replsim.scenario.runtime.RuntimeCapability.DISCARD;
import static io.replsim.scenario.runtime.RuntimeCapability.FLIGHT_RECORDING;
import static io.replsim.scenario.runtime.RuntimeCapability.FORCED_FULL_GC;
import static io.replsim.scenario.runtime.RuntimeCapability.FRESH_CLUSTER;
import static io.replsim.scenario.runtime.RuntimeCapability.KILL;
import static io.replsim.scenario.runtime.RuntimeCapability.METRICS;
import static io.replsim.scenario.runtime.RuntimeCapability.NODE_CPU;
import static io.replsim.scenario.runtime.RuntimeCapability.OPEN_MODEL;
import static io.replsim.scenario.runtime.RuntimeCapability.OWN_JGROUPS_STACK;
import static io.replsim.scenario.runtime.RuntimeCapability.OWN_NODE_APPS;
import static io.replsim.scenario.runtime.RuntimeCapability.PARTITION;
import static io.replsim.scenario.runtime.RuntimeCapability.PAUSE;
import static io.replsim.scenario.runtime.RuntimeCapability.RESET;
import static io.replsim.scenario.runtime.RuntimeCapability.RESTART;
import static io.replsim.scenario.runtime.RuntimeCapability.STOP;

import io.replsim.scenario.runtime.RuntimeCapabilities.Lack;
import io.replsim.scenario.runtime.RuntimeCapabilities;
import io.replsim.scenario.runtime.SpecRefusal;
import io.replsim.scenario.spec.DelaySpec;
import io.replsim.scenario.spec.DiscardSpec;
import io.replsim.scenario.spec.DoubleKillSpec;
import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.PartitionSpec;
import io.replsim.scenario.spec.PauseSpec;
import io.replsim.scenario.spec.ResetSpec;
import io.replsim.scenario.spec.RestartSpec;
import io.replsim.scenario.spec.ResumeSpec;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.spec.StopSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a cluster replsim does not run ({@code --target}) cannot do: whatever needs replsim's hold on the node
 * processes, their JGroups stacks or their admin API, and a kill or a restart whose command was not given. Its own
 * fit: one target per node of the scenario, and every node a fault names among the targets.
 */
public final class ExternalCapabilities {
    private static final String OWN_CLUSTER = "run the drill on replsim's own cluster (without --target)";
    private static final String ADMIN_API = "replsim reads and switches that through the admin API of its own"
            + " nodes, and your cluster has none";

    private ExternalCapabilities() {
    }

    public static RuntimeCapabilities of(ExternalTarget target) {
        List<Lack> lacks = new ArrayList<>(List.of(
                new Lack(FLIGHT_RECORDING, "replsim does not start your servers' JVMs; start them with"
                        + " -XX:StartFlightRecording", OWN_CLUSTER),
                new Lack(METRICS, "replsim does not start your servers, so it cannot give them a metrics port;"
                        + " scrape your servers' own exporters, and the driver's with --metrics-port", OWN_CLUSTER),
                new Lack(FRESH_CLUSTER, "replsim cannot bring back a cluster it does not run", "run the command"
                        + " again for each play, bringing your cluster back between runs, or " + OWN_CLUSTER),
                new Lack(FORCED_FULL_GC, ADMIN_API, OWN_CLUSTER),
                new Lack(OWN_NODE_APPS, "your cluster serves your app at --path (the page that shows the session's"
                        + " count), whose work is its own", OWN_CLUSTER),
                new Lack(OWN_JGROUPS_STACK, "your cluster's stack is in your servers' configuration", OWN_CLUSTER),
                new Lack(OPEN_MODEL, "the open model's driver speaks replsim's own apps only (their cookie and"
                        + " serial), not a target's --cookie-name and --serial", OWN_CLUSTER),
                new Lack(STOP, "replsim asks a graceful leave of its own node processes only (SIGTERM)", "write a"
                        + " kill whose --kill-command stops the server gracefully, e.g. 'ssh {node} sudo systemctl"
                        + " stop tomcat'"),
                new Lack(PAUSE, "replsim freezes its own node processes only (SIGSTOP)", OWN_CLUSTER),
                new Lack(PARTITION, ADMIN_API, OWN_CLUSTER),
                new Lack(DELAY, ADMIN_API, OWN_CLUSTER),
                new Lack(DISCARD, ADMIN_API, OWN_CLUSTER),
                new Lack(RESET, ADMIN_API, OWN_CLUSTER),
                new Lack(CLUSTER_VIEW, "the cluster's JGroups views are read from replsim's admin API on its own"
                        + " nodes, and your cluster's are not measured", OWN_CLUSTER),
                new Lack(NODE_CPU, "a node's CPU is read from replsim's admin API on its own nodes, and your"
                        + " cluster's is not measured", OWN_CLUSTER)));
        if (target.kill().isEmpty()) {
            lacks.add(new Lack(KILL, "a kill against your cluster runs your kill command, and none was given",
                    "give --kill-command, e.g. --kill-command 'ssh {node} sudo systemctl kill -s KILL tomcat' or"
                            + " 'docker kill {node}'"));
        }
        if (target.restart().isEmpty()) {
            lacks.add(new Lack(RESTART, "a restart against your cluster runs your restart command, and none was"
                    + " given", "give --restart-command, e.g. --restart-command 'ssh {node} sudo systemctl start"
                    + " tomcat' (it must return once the server is started)"));
        }
        return new RuntimeCapabilities("--target", lacks, spec -> fit(spec, target));
    }

    /** One target per node of the scenario, and each node a fault names among them. */
    private static List<SpecRefusal> fit(ScenarioSpec spec, ExternalTarget target) {
        List<SpecRefusal> refusals = new ArrayList<>();
        if (spec.cluster().nodes() != target.nodes().size()) {
            refusals.add(new SpecRefusal("cluster.nodes", "the scenario has " + spec.cluster().nodes() + " nodes and "
                    + target.nodes().size() + " --target were given, and the check that every fault leaves a node"
                    + " alive counts the scenario's", "set cluster.nodes to " + target.nodes().size()
                    + ", one per --target"));
        }
        for (int index = 0; index < spec.faults().size(); index++) {
            String path = "faults[" + index + "].target";
            named(spec.faults().get(index)).filter(node -> !target.names().contains(node)).ifPresent(node ->
                    refusals.add(new SpecRefusal(path, "no --target is named " + node,
                            "name the node on the command line (--target " + node + "=http://host:port), or use one"
                                    + " of " + target.names())));
        }
        return List.copyOf(refusals);
    }

    private static Optional<String> named(FaultSpec fault) {
        NodeSelector selector = switch (fault) {
            case KillSpec kill -> kill.target();
            case StopSpec stop -> stop.target();
            case PauseSpec pause -> pause.target();
            case RestartSpec restart -> restart.target();
            case DoubleKillSpec doubleKill -> doubleKill.target();
            case DelaySpec delay -> delay.target();
            case DiscardSpec discard -> discard.target();
            case ResetSpec reset -> reset.target();
            case PartitionSpec partition -> partition.sides() instanceof PartitionSpec.Isolate isolate
                    ? isolate.target() : null;
            case ResumeSpec ignored -> null;
        };
        return selector instanceof NodeSelector.Named named ? Optional.of(named.node()) : Optional.empty();
    }
}

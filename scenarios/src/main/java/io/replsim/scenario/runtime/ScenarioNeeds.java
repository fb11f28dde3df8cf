package io.replsim.scenario.runtime;

import static io.replsim.scenario.runtime.RuntimeCapability.CLUSTER_VIEW;
import static io.replsim.scenario.runtime.RuntimeCapability.NODE_CPU;

import io.replsim.node.app.LogoutCookie;
import io.replsim.replication.transport.StackPreset;
import io.replsim.scenario.spec.Check;
import io.replsim.scenario.spec.DelaySpec;
import io.replsim.scenario.spec.ResetSpec;
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
 * What a scenario needs of the runtime it is played on, each need at its place in the file, in the order of the
 * file: the one reading of a scenario that every runtime's refusals come from ({@link RuntimeCapabilities}).
 */
public final class ScenarioNeeds {
    private static final String REMOVE = "remove it";
    private static final String OTHER_TARGET = "name a node, or use primary-of-most, primary-of-user:<n> or random";

    private ScenarioNeeds() {
    }

    public static List<CapabilityNeed> of(ScenarioSpec spec) {
        List<CapabilityNeed> needs = new ArrayList<>();
        if (spec.repeat() > 1) {
            needs.add(new CapabilityNeed("repeat", "repeat: " + spec.repeat() + " (a play on a fresh cluster each"
                    + " time)", RuntimeCapability.FRESH_CLUSTER, "remove repeat"));
        }
        spec.cluster().fullGcEvery().ifPresent(every -> needs.add(new CapabilityNeed("cluster.fullGcEvery",
                "cluster.fullGcEvery", RuntimeCapability.FORCED_FULL_GC, "remove cluster.fullGcEvery")));
        if (spec.cluster().flightRecording()) {
            needs.add(new CapabilityNeed("cluster.jfr", "cluster.jfr (a flight recording of each node)",
                    RuntimeCapability.FLIGHT_RECORDING, "remove cluster.jfr"));
        }
        if (spec.cluster().metrics()) {
            needs.add(new CapabilityNeed("cluster.metrics", "cluster.metrics (Prometheus metrics of each node)",
                    RuntimeCapability.METRICS, "remove cluster.metrics"));
        }
        if (!spec.workload().serviceTime().isNone()) {
            needs.add(new CapabilityNeed("workload.serviceTime", "workload.serviceTime",
                    RuntimeCapability.OWN_NODE_APPS, "remove workload.serviceTime"));
        }
        if (spec.workload().logoutCookie() != LogoutCookie.EXPIRE) {
            needs.add(new CapabilityNeed("workload.logoutCookie", "workload.logoutCookie: "
                    + spec.workload().logoutCookie().label() + " (what replsim's apps do with the cookie at a logout)",
                    RuntimeCapability.OWN_NODE_APPS, "remove workload.logoutCookie: the driver keeps or drops the"
                    + " cookie as the app's logout answer says"));
        }
        if (!spec.cluster().stack().equals(StackPreset.TUNED.tuning())) {
            needs.add(new CapabilityNeed("jgroups", "the jgroups section", RuntimeCapability.OWN_JGROUPS_STACK,
                    "remove the jgroups section"));
        }
        needs.addAll(loadModel(spec));
        if (!spec.load().script().isEmpty()) {
            needs.add(new CapabilityNeed("load.script", "load.script (its request types are replsim's apps)",
                    RuntimeCapability.OWN_NODE_APPS, "remove load.script"));
        }
        for (int index = 0; index < spec.faults().size(); index++) {
            fault(spec.faults().get(index), "faults[" + index + "]", needs);
            for (FaultExpectation expectation : spec.expectationsOf(index)) {
                expectation(expectation, "faults[" + index + "].expect", needs);
            }
        }
        for (Check check : spec.checks()) {
            check(check, "checks", needs);
        }
        return List.copyOf(needs);
    }

    /** The open model's need, when the load is open: what a capacity search needs of its load too. */
    public static List<CapabilityNeed> loadModel(ScenarioSpec spec) {
        if (!spec.load().isOpen()) {
            return List.of();
        }
        return List.of(new CapabilityNeed("load.model", "the open model", RuntimeCapability.OPEN_MODEL,
                "use the closed model: remove load.model, rate, arrivals and sessions, and give load.users and"
                        + " load.thinkTime"));
    }

    private static void fault(FaultSpec fault, String path, List<CapabilityNeed> needs) {
        String type = path + ".type";
        switch (fault) {
            case KillSpec kill -> {
                needs.add(new CapabilityNeed(type, "a kill", RuntimeCapability.KILL, REMOVE));
                target(kill.target(), path, needs);
            }
            case StopSpec stop -> {
                needs.add(new CapabilityNeed(type, "a stop", RuntimeCapability.STOP, REMOVE));
                target(stop.target(), path, needs);
            }
            case PauseSpec pause -> {
                needs.add(new CapabilityNeed(type, "a pause", RuntimeCapability.PAUSE, REMOVE));
                target(pause.target(), path, needs);
            }
            case ResumeSpec ignored -> needs.add(new CapabilityNeed(type, "a resume (of a pause)",
                    RuntimeCapability.PAUSE, REMOVE));
            case RestartSpec restart -> {
                needs.add(new CapabilityNeed(type, "a restart", RuntimeCapability.RESTART, REMOVE));
                target(restart.target(), path, needs);
            }
            case DoubleKillSpec doubleKill -> {
                needs.add(new CapabilityNeed(type, "a double-kill (it kills the node's buddy)", CLUSTER_VIEW,
                        "write two kill faults with the two nodes named, the gap apart (- {type: kill, at: 20s,"
                                + " target: node1} and - {type: kill, at: 20.5s, target: node2})"));
                needs.add(new CapabilityNeed(type, "a double-kill", RuntimeCapability.KILL, REMOVE));
                target(doubleKill.target(), path, needs);
            }
            case PartitionSpec partition -> {
                needs.add(new CapabilityNeed(type, "a partition", RuntimeCapability.PARTITION, REMOVE));
                if (partition.sides() instanceof PartitionSpec.Isolate isolate) {
                    target(isolate.target(), path, needs);
                }
            }
            case DelaySpec delay -> {
                needs.add(new CapabilityNeed(type, "a delay", RuntimeCapability.DELAY, REMOVE));
                target(delay.target(), path, needs);
            }
            case ResetSpec reset -> {
                needs.add(new CapabilityNeed(type, "a reset", RuntimeCapability.RESET, REMOVE));
                target(reset.target(), path, needs);
            }
            case DiscardSpec discard -> {
                needs.add(new CapabilityNeed(type, "a discard", RuntimeCapability.DISCARD, REMOVE));
                target(discard.target(), path, needs);
            }
        }
    }

    private static void target(NodeSelector selector, String faultPath, List<CapabilityNeed> needs) {
        String path = faultPath + ".target";
        switch (selector) {
            case NodeSelector.Coordinator ignored -> needs.add(new CapabilityNeed(path, "the coordinator as a target",
                    CLUSTER_VIEW, OTHER_TARGET));
            case NodeSelector.BuddyOf buddy -> needs.add(new CapabilityNeed(path, "buddy-of:" + buddy.node()
                    + " as a target", CLUSTER_VIEW, OTHER_TARGET));
            case NodeSelector.Named ignored -> { }
            case NodeSelector.PrimaryOfMost ignored -> { }
            case NodeSelector.PrimaryOfUser ignored -> { }
            case NodeSelector.Random ignored -> { }
        }
    }

    private static void expectation(FaultExpectation expectation, String path, List<CapabilityNeed> needs) {
        switch (expectation) {
            case FaultExpectation.Bound bound -> check(bound.check(), path, needs);
            case FaultExpectation.LostExactlyUnreplicated ignored -> needs.add(new CapabilityNeed(path + ".lost",
                    "lost: owner-and-backups-dead (which sessions had no live copy)", CLUSTER_VIEW,
                    "use maxLost: with the number of sessions you accept to lose"));
            case FaultExpectation.MaxLost ignored -> { }
            case FaultExpectation.MaxStale ignored -> { }
        }
    }

    private static void check(Check check, String section, List<CapabilityNeed> needs) {
        needOf(check).ifPresent(need -> needs.add(new CapabilityNeed(section + "." + need.key(), need.key(),
                need.capability(), "remove it (sessions, response times, errors and failover are measured on"
                + " every runtime)")));
    }

    private record CheckNeed(String key, RuntimeCapability capability) {
    }

    /** The check's key and what it reads from the nodes, when it reads more than the load driver sees. */
    private static Optional<CheckNeed> needOf(Check check) {
        return switch (check) {
            case Check.MaxViewChange ignored -> Optional.of(new CheckNeed("maxViewChange", CLUSTER_VIEW));
            case Check.MaxMergeAfterHeal ignored -> Optional.of(new CheckNeed("maxMergeAfterHeal", CLUSTER_VIEW));
            case Check.MaxSurvivorCpu ignored -> Optional.of(new CheckNeed("maxSurvivorCpu", NODE_CPU));
            default -> Optional.empty();
        };
    }
}

package io.replsim.scenario.tomcat;

import io.replsim.scenario.runtime.SpecRefusal;
import io.replsim.scenario.external.ProbeWorkload;
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
 * What a {@code cluster.runtime: tomcat} scenario asks that replsim cannot do to a Tomcat cluster, found before
 * anything starts, each with its place in the file: partitions and delays (replsim switches them on in its own
 * nodes' JGroups stacks; Tribes has no such hook here), targets and checks that read a view Tomcat does not
 * report to replsim, and workloads the probe app does not build.
 */
public final class TomcatDrillRefusals {
    private static final String OWN_NODES = "or run the drill on replsim's own nodes (cluster.runtime process)";

    private TomcatDrillRefusals() {
    }

    public static List<SpecRefusal> of(ScenarioSpec spec) {
        List<SpecRefusal> refusals = new ArrayList<>();
        try {
            ProbeWorkload.pathFor(spec.workload());
        } catch (IllegalArgumentException e) {
            int colon = e.getMessage().indexOf(':');
            refusals.add(new SpecRefusal(e.getMessage().substring(0, colon), e.getMessage().substring(colon + 2),
                    "the Tomcat members serve replsim-probe.war"));
        }
        if (spec.repeat() > 1) {
            refusals.add(new SpecRefusal("repeat", "a repeat is a soak of replsim's own nodes", "remove repeat, "
                    + OWN_NODES));
        }
        spec.cluster().fullGcEvery().ifPresent(every -> refusals.add(new SpecRefusal("cluster.fullGcEvery",
                "a forced full GC goes through replsim's admin API on its own nodes", "remove it, " + OWN_NODES)));
        if (spec.load().isOpen()) {
            refusals.add(new SpecRefusal("load.model", "the Tomcat drill is not played through the open model's driver"
                    + " yet", "use the closed model: load.users and load.thinkTime"));
        }
        if (!spec.load().script().isEmpty()) {
            refusals.add(new SpecRefusal("load.script", "a script mixes replsim's apps, and the Tomcat members serve"
                    + " the probe's one page for the workload", "remove load.script"));
        }
        for (int index = 0; index < spec.faults().size(); index++) {
            String path = "faults[" + index + "]";
            fault(spec.faults().get(index), path, refusals);
            for (FaultExpectation expectation : spec.expectationsOf(index)) {
                if (expectation instanceof FaultExpectation.LostExactlyUnreplicated) {
                    refusals.add(new SpecRefusal(path + ".expect.lost", "which sessions had no live copy needs the"
                            + " cluster's views and placement", "use maxLost"));
                } else if (expectation instanceof FaultExpectation.Bound bound) {
                    needsViews(bound.check()).ifPresent(key -> refusals.add(new SpecRefusal(path + ".expect." + key,
                            "Tomcat's views and CPU are not measured", "remove it")));
                }
            }
        }
        for (Check check : spec.checks()) {
            needsViews(check).ifPresent(key -> refusals.add(new SpecRefusal("checks." + key, "Tomcat's membership views"
                    + " and survivor CPU are not measured", "remove it: sessions, response times, errors and"
                    + " failover are")));
        }
        return List.copyOf(refusals);
    }

    private static void fault(FaultSpec fault, String path, List<SpecRefusal> refusals) {
        String type = path + ".type";
        switch (fault) {
            case KillSpec kill -> target(kill.target(), path + ".target", refusals);
            case StopSpec stop -> target(stop.target(), path + ".target", refusals);
            case PauseSpec pause -> target(pause.target(), path + ".target", refusals);
            case RestartSpec restart -> target(restart.target(), path + ".target", refusals);
            case ResumeSpec ignored -> { }
            case DoubleKillSpec ignored -> refusals.add(new SpecRefusal(type, "a double-kill kills the node's buddy,"
                    + " and Tomcat's backup member of a session is not read by replsim", "write two kill faults with"
                    + " the nodes named"));
            case PartitionSpec ignored -> refusals.add(new SpecRefusal(type, "a partition switches on JGroups DISCARD in"
                    + " replsim's own nodes; Tomcat's Tribes has no such switch here", "remove it, " + OWN_NODES));
            case DelaySpec ignored -> refusals.add(new SpecRefusal(type, "a delay switches on JGroups DELAY in replsim's"
                    + " own nodes; Tomcat's Tribes has no such switch here", "remove it, " + OWN_NODES));
            case DiscardSpec ignored -> refusals.add(new SpecRefusal(type, "a discard switches on JGroups DISCARD in"
                    + " replsim's own nodes; Tomcat's Tribes has no such switch here", "remove it, " + OWN_NODES));
        }
    }

    private static void target(NodeSelector selector, String path, List<SpecRefusal> refusals) {
        switch (selector) {
            case NodeSelector.Coordinator ignored -> refusals.add(new SpecRefusal(path, "a Tomcat cluster has no"
                    + " coordinator replsim can read", "name a node, or use primary-of-most, primary-of-user:<n> or"
                    + " random"));
            case NodeSelector.BuddyOf ignored -> refusals.add(new SpecRefusal(path, "the backup member of a Tomcat"
                    + " session is not read by replsim", "name a node, or use primary-of-most or random"));
            default -> { }
        }
    }

    private static Optional<String> needsViews(Check check) {
        return switch (check) {
            case Check.MaxViewChange ignored -> Optional.of("maxViewChange");
            case Check.MaxMergeAfterHeal ignored -> Optional.of("maxMergeAfterHeal");
            case Check.MaxSurvivorCpu ignored -> Optional.of("maxSurvivorCpu");
            default -> Optional.empty();
        };
    }
}

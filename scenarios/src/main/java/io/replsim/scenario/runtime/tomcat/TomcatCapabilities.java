package io.replsim.scenario.runtime.tomcat;

import static io.replsim.scenario.runtime.RuntimeCapability.CLUSTER_VIEW;
import static io.replsim.scenario.runtime.RuntimeCapability.DELAY;
import static io.replsim.scenario.runtime.RuntimeCapability.DISCARD;
import static io.replsim.scenario.runtime.RuntimeCapability.FLIGHT_RECORDING;
import static io.replsim.scenario.runtime.RuntimeCapability.FORCED_FULL_GC;
import static io.replsim.scenario.runtime.RuntimeCapability.METRICS;
import static io.replsim.scenario.runtime.RuntimeCapability.NODE_CPU;
import static io.replsim.scenario.runtime.RuntimeCapability.OPEN_MODEL;
import static io.replsim.scenario.runtime.RuntimeCapability.OWN_JGROUPS_STACK;
import static io.replsim.scenario.runtime.RuntimeCapability.OWN_NODE_APPS;
import static io.replsim.scenario.runtime.RuntimeCapability.PARTITION;
import static io.replsim.scenario.runtime.RuntimeCapability.RESET;

import io.replsim.scenario.runtime.RuntimeCapabilities.Lack;
import io.replsim.scenario.runtime.RuntimeCapabilities;
import io.replsim.scenario.runtime.SpecRefusal;
import io.replsim.scenario.runtime.external.ProbeWorkload;
import io.replsim.scenario.spec.ScenarioSpec;
import java.util.List;

/**
 * What a cluster of Tomcat processes ({@code cluster.runtime: tomcat}) cannot do: partitions, delays and discards
 * (replsim switches them on in its own nodes' JGroups stacks; Tribes has no such hook here), answer resets (in its
 * own nodes' HTTP listener), what needs a view or a
 * CPU figure Tomcat does not report to replsim, replsim's own apps and admin API. Its own fit: a workload the probe
 * app builds.
 */
public final class TomcatCapabilities {
    private static final String OWN_NODES = "run the drill on replsim's own nodes (cluster.runtime: process)";
    private static final String NO_SWITCH = "replsim switches it on in its own nodes' JGroups stacks; Tomcat's"
            + " Tribes has no such switch here";

    public static final RuntimeCapabilities OF_TOMCAT = new RuntimeCapabilities("tomcat", List.of(
            new Lack(FORCED_FULL_GC, "a Tomcat member has no replsim admin API", OWN_NODES),
            new Lack(OWN_NODE_APPS, "its members serve the probe's one page for the workload", OWN_NODES),
            new Lack(OWN_JGROUPS_STACK, "its members replicate over Tomcat's Tribes", OWN_NODES),
            new Lack(OPEN_MODEL, "the Tomcat drill is not played through the open model's driver yet", OWN_NODES),
            new Lack(PARTITION, NO_SWITCH, OWN_NODES),
            new Lack(DELAY, NO_SWITCH, OWN_NODES),
            new Lack(DISCARD, NO_SWITCH, OWN_NODES),
            new Lack(RESET, "replsim switches it on in its own nodes' HTTP listener through their admin API, and a"
                    + " Tomcat member has none", OWN_NODES),
            new Lack(CLUSTER_VIEW, "Tomcat's membership views and backup members are not read by replsim", OWN_NODES),
            new Lack(NODE_CPU, "a member's CPU is read over the whole load, not the survivors' after a fault",
                    OWN_NODES),
            new Lack(FLIGHT_RECORDING, "replsim starts Tomcat's JVMs without a recording", OWN_NODES),
            new Lack(METRICS, "a Tomcat member has no Prometheus endpoint of replsim's", OWN_NODES)),
            TomcatCapabilities::probeBuilds);

    private TomcatCapabilities() {
    }

    /** The workload as a page of replsim-probe.war, which the members serve, or why the probe cannot build it. */
    private static List<SpecRefusal> probeBuilds(ScenarioSpec spec) {
        try {
            ProbeWorkload.pathFor(spec.workload());
            return List.of();
        } catch (IllegalArgumentException e) {
            int colon = e.getMessage().indexOf(':');
            return List.of(new SpecRefusal(e.getMessage().substring(0, colon), e.getMessage().substring(colon + 2),
                    "the Tomcat members serve replsim-probe.war"));
        }
    }
}

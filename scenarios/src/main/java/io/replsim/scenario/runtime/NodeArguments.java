package io.replsim.scenario.runtime;

import io.replsim.node.app.CounterApp;
import io.replsim.node.app.LogoutCookie;
import io.replsim.node.app.ServiceTime;
import io.replsim.node.app.SessionProfile;
import io.replsim.node.settings.NodeResources;
import io.replsim.node.settings.ReplicationSettings;
import io.replsim.node.settings.StackSettings;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.Formation;
import io.replsim.scenario.spec.App;
import io.replsim.scenario.spec.ClusterSpec;
import io.replsim.scenario.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The node's command line (docs/interfaces.md §1) from a scenario's cluster, replication and workload: the same
 * for every runtime, which adds only where the node listens and who its members are. Every other option is written
 * by the settings group the scenario reader read it with, so each value crosses in the grammar the node reads it back
 * with.
 */
final class NodeArguments {

    private NodeArguments() {
    }

    /** A node that joins its cluster; {@code members}: the TCPPING list, {@code address[port]} for every member. */
    static List<String> of(String name, String clusterName, String bindAddress, NodePorts ports, String members,
                           ClusterSpec cluster, ReplicationSpec replication, WorkloadSpec workload) {
        return of(name, clusterName, bindAddress, ports, members, Formation.JOIN, cluster, replication, workload);
    }

    /** A node that founds its cluster or joins it as {@code formation} says. */
    static List<String> of(String name, String clusterName, String bindAddress, NodePorts ports, String members,
                           Formation formation, ClusterSpec cluster, ReplicationSpec replication,
                           WorkloadSpec workload) {
        List<String> arguments = new ArrayList<>(List.of(
                "--name", name,
                "--cluster", clusterName,
                "--bind", bindAddress,
                "--http-port", Integer.toString(ports.http()),
                "--admin-port", Integer.toString(ports.admin()),
                "--jgroups-port", Integer.toString(ports.jgroups()),
                "--members", members));
        if (formation != Formation.JOIN) {
            arguments.addAll(List.of("--formation", formation.label()));
        }
        if (cluster.metrics()) {
            arguments.addAll(List.of("--metrics-port", Integer.toString(ports.metrics())));
        }
        arguments.addAll(NodeResources.SETTINGS.arguments(cluster.resources()));
        arguments.addAll(CounterApp.SETTINGS.arguments(workload.payload()));
        arguments.addAll(ReplicationSettings.GROUP.arguments(replication));
        arguments.addAll(StackSettings.GROUP.arguments(cluster.stack()));
        if (workload.app() == App.PROFILE) {
            arguments.addAll(SessionProfile.SETTINGS.arguments(workload.profile()));
        }
        if (!workload.serviceTime().isNone()) {
            arguments.addAll(ServiceTime.SETTINGS.arguments(workload.serviceTime()));
        }
        arguments.addAll(LogoutCookie.SETTINGS.arguments(workload.logoutCookie()));
        return arguments;
    }
}

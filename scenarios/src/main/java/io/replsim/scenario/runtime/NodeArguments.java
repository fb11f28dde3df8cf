package io.replsim.scenario.runtime;

import io.replsim.replication.ReplicationSpec;
import io.replsim.scenario.spec.ClusterSpec;
import io.replsim.scenario.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The node's command line (docs/interfaces.md §1) from a scenario's cluster, replication and workload: the same
 * for every runtime, which adds only where the node listens and who its members are.
 */
final class NodeArguments {

    private NodeArguments() {
    }

    /** {@code members}: the TCPPING list, {@code address[port]} for every member. */
    static List<String> of(String name, String clusterName, String bindAddress, NodePorts ports, String members,
                           ClusterSpec cluster, ReplicationSpec replication, WorkloadSpec workload) {
        return new ArrayList<>(List.of(
                "--name", name,
                "--cluster", clusterName,
                "--bind", bindAddress,
                "--http-port", Integer.toString(ports.http()),
                "--admin-port", Integer.toString(ports.admin()),
                "--jgroups-port", Integer.toString(ports.jgroups()),
                "--members", members,
                "--workers", Integer.toString(cluster.workers()),
                "--cpu-budget", Double.toString(cluster.cpuBudgetCores()),
                "--payload-bytes", Long.toString(workload.payload().bytes()),
                "--placement", replication.placement().label(),
                "--granularity", replication.granularity().label(),
                "--delivery", replication.delivery().label(),
                "--sync-timeout", replication.syncTimeout().toMillis() + "ms"));
    }
}

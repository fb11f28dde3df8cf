package io.replsim.scenario.runtime;

import io.replsim.node.app.SessionProfile;
import io.replsim.node.options.DataSize;
import io.replsim.node.options.DurationText;
import io.replsim.replication.DeliveryKind;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.StackTuning;
import io.replsim.scenario.spec.App;
import io.replsim.scenario.spec.ClusterSpec;
import io.replsim.scenario.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The node's command line (docs/interfaces.md §1) from a scenario's cluster, replication and workload: the same
 * for every runtime, which adds only where the node listens and who its members are. Durations and sizes are
 * written in the grammar the node reads them with ({@link DurationText}, {@link DataSize}), so each crosses exactly.
 */
final class NodeArguments {

    private NodeArguments() {
    }

    /** {@code members}: the TCPPING list, {@code address[port]} for every member. */
    static List<String> of(String name, String clusterName, String bindAddress, NodePorts ports, String members,
                           ClusterSpec cluster, ReplicationSpec replication, WorkloadSpec workload) {
        List<String> arguments = new ArrayList<>(List.of(
                "--name", name,
                "--cluster", clusterName,
                "--bind", bindAddress,
                "--http-port", Integer.toString(ports.http()),
                "--admin-port", Integer.toString(ports.admin()),
                "--jgroups-port", Integer.toString(ports.jgroups()),
                "--members", members,
                "--workers", Integer.toString(cluster.workers()),
                "--cpu-budget", Double.toString(cluster.cpuBudgetCores()),
                "--payload-bytes", workload.payload().toString(),
                "--placement", replication.placement().label(),
                "--granularity", replication.granularity().label(),
                "--trigger", replication.trigger().label(),
                "--max-unreplicated-interval", DurationText.format(replication.maxUnreplicatedInterval()),
                "--delivery", replication.delivery().label(),
                "--sync-timeout", DurationText.format(replication.syncTimeout()),
                "--engine", replication.engine().label(),
                "--orphans", replication.orphans().label()));
        if (replication.placement() instanceof Placement.Buddies buddies) {
            arguments.addAll(List.of("--buddies", Integer.toString(buddies.count())));
            if (!buddies.pools().pools().isEmpty()) {
                arguments.addAll(List.of("--buddy-pools", buddies.pools().label()));
            }
        }
        replication.lifecycle().maxInactiveInterval().ifPresent(interval ->
                arguments.addAll(List.of("--max-inactive-interval", DurationText.format(interval))));
        replication.lifecycle().maxActiveSessions().ifPresent(max ->
                arguments.addAll(List.of("--max-active-sessions", Integer.toString(max))));
        arguments.addAll(stack(cluster.stack()));
        if (workload.app() == App.PROFILE) {
            SessionProfile profile = workload.profile();
            arguments.addAll(List.of("--profile-attributes", Integer.toString(profile.attributes()),
                    "--profile-attribute-bytes", new DataSize(profile.attributeBytes()).toString(),
                    "--profile-shape", profile.shape().label(),
                    "--profile-modified-share", Double.toString(profile.modifiedShare()),
                    "--profile-mutate-in-place", Boolean.toString(profile.mutateInPlace())));
        }
        if (!workload.serviceTime().isNone()) {
            arguments.addAll(List.of("--service-cpu", DurationText.format(workload.serviceTime().cpu()),
                    "--service-wait", DurationText.format(workload.serviceTime().waitTime())));
        }
        if (replication.delivery() == DeliveryKind.ASYNC) {
            arguments.addAll(List.of(
                    "--async-bundle-timeout", DurationText.format(replication.asyncQueue().bundleTimeout()),
                    "--async-max-bundle", Integer.toString(replication.asyncQueue().maxBundle()),
                    "--async-capacity", Integer.toString(replication.asyncQueue().capacity())));
        }
        return arguments;
    }

    /** The JGroups stack's tuning, every value written so the node runs what the scenario's jgroups section says. */
    private static List<String> stack(StackTuning stack) {
        StackTuning.FailureDetection detection = stack.failureDetection();
        return List.of(
                "--jgroups-transport", stack.transport().label(),
                "--fd-all-timeout", DurationText.format(detection.heartbeatTimeout()),
                "--fd-all-interval", DurationText.format(detection.heartbeatInterval()),
                "--verify-suspect-timeout", DurationText.format(detection.verifySuspectTimeout()),
                "--fd-sock", Boolean.toString(detection.socketMonitor()),
                "--merge-min-interval", DurationText.format(stack.merge().min()),
                "--merge-max-interval", DurationText.format(stack.merge().max()),
                "--bundler", stack.bundler().kind().label(),
                "--bundler-max-size", Integer.toString(stack.bundler().maxSizeBytes()),
                "--thread-pool-min", Integer.toString(stack.threadPool().minThreads()),
                "--thread-pool-max", Integer.toString(stack.threadPool().maxThreads()),
                "--thread-pool-keep-alive", DurationText.format(stack.threadPool().keepAlive()));
    }
}

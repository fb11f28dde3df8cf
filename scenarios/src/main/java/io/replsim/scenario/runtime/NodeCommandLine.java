package io.replsim.scenario.runtime;

import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.Formation;
import io.replsim.scenario.spec.ClusterSpec;
import io.replsim.scenario.spec.WorkloadSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command that starts one node JVM of a cluster of node processes: the JVM's options, then the node's own. */
final class NodeCommandLine {
    private final NodeLauncher launcher;
    private final ClusterSpec cluster;
    private final ReplicationSpec replication;
    private final WorkloadSpec workload;
    private final Path logDirectory;
    private final String clusterName;
    private final String host;

    NodeCommandLine(NodeLauncher launcher, ClusterSpec cluster, ReplicationSpec replication, WorkloadSpec workload,
                    Path logDirectory, String clusterName, String host) {
        this.launcher = launcher;
        this.cluster = cluster;
        this.replication = replication;
        this.workload = workload;
        this.logDirectory = logDirectory;
        this.clusterName = clusterName;
        this.host = host;
    }

    /** Node {@code name}'s command, on {@code ports}, finding its {@code members} as {@code formation} says. */
    List<String> of(String name, NodePorts ports, String members, Formation formation, ClusterStartCache startCache) {
        List<String> command = new ArrayList<>(List.of(
                launcher.java().toString(),
                "-Xms" + cluster.heap().bytes(), "-Xmx" + cluster.heap().bytes(),
                "-XX:+ExitOnOutOfMemoryError",
                "-Djava.net.preferIPv4Stack=true",
                // The JVM sizes its GC and pools from its cgroup's quota when it sees one at start; whether it does
                // would depend on whether its pid was moved before that read. Pinned to what it was without quotas.
                "-XX:ActiveProcessorCount=" + Runtime.getRuntime().availableProcessors()));
        command.addAll(launcher.compiler().jvmOptions());
        command.addAll(startCache.jvmOptions(name));
        if (cluster.flightRecording()) {
            command.addAll(NodeFlightRecording.jvmOptions(logDirectory, name));
        }
        command.addAll(List.of("-cp", launcher.classpath(), "io.replsim.node.NodeMain"));
        command.addAll(NodeArguments.of(name, clusterName, host, ports, members, formation, cluster, replication,
                workload));
        command.addAll(List.of("--parent-pid", Long.toString(ProcessHandle.current().pid())));
        if (replication.lifecycle().maxActiveSessions().isPresent()) {
            // Beside the node's log, so a run's passivated sessions stay in its own directory.
            command.addAll(List.of("--passivation-dir", logDirectory.resolve(name + "-passivated").toString()));
        }
        return command;
    }
}

package io.replsim.node.options;

import io.replsim.node.app.LogoutCookie;
import io.replsim.node.app.ServiceTime;
import io.replsim.node.app.SessionProfile;
import io.replsim.node.settings.NodeResources;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.Discovery;
import io.replsim.replication.transport.Formation;
import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.StackTuning;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Everything a node runs with, typed. {@code payloadBytes} shapes the counter app's sessions, {@code profile} the
 * profile app's, {@code serviceTime} the work every request does besides its session's. Port 0 means "any free
 * port" (in-JVM tests); the command line always names real ports. {@code resources}: what the node gets, its
 * worker pool and CPU budget. {@code stack} tunes the TCP stack's transport,
 * failure detection, merging, bundler and thread pool (in-JVM tests run on a loopback stack, which has none of
 * those). {@code passivationDirectory}: where sessions beyond {@code replication.lifecycle().maxActiveSessions()}
 * go (empty: a temporary directory of the node's own). {@code formation}: whether the node founds its cluster at once
 * (the first node a runtime starts) or joins it. {@code metricsPort}: where the node serves Prometheus metrics on
 * {@code bind}; empty, none. {@code logoutCookie}: whether the apps' logouts expire the session cookie.
 */
public record NodeOptions(NodeId name, String cluster, InetAddress bind, int httpPort, int adminPort,
                          int jgroupsPort, Discovery discovery, NodeResources resources,
                          int payloadBytes, SessionProfile profile, ReplicationSpec replication,
                          OptionalLong parentPid, ServiceTime serviceTime, StackTuning stack,
                          Optional<Path> passivationDirectory, Formation formation, OptionalInt metricsPort,
                          LogoutCookie logoutCookie) {

    /** The JGroups port of {@link #onLoopback}'s nodes, which also find each other there. */
    private static final int LOOPBACK_JGROUPS_PORT = 7800;

    /**
     * A node in this JVM on loopback, as the in-JVM tests start them: any free HTTP and admin port, JGroups on 7800
     * finding its members there, 4 workers and 1 core, no parent process to watch, no service time, replsim's own
     * stack tuning, passivating (if at all) into a temporary directory, joining the cluster, no metrics listener,
     * logouts that expire the cookie.
     */
    public static NodeOptions onLoopback(NodeId name, String cluster, int payloadBytes, SessionProfile profile,
                                         ReplicationSpec replication) {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        return new NodeOptions(name, cluster, loopback, 0, 0, LOOPBACK_JGROUPS_PORT,
                new Discovery.StaticMembers(List.of(new InetSocketAddress(loopback, LOOPBACK_JGROUPS_PORT))),
                new NodeResources(4, 1.0, Optional.empty()), payloadBytes, profile, replication, OptionalLong.empty(),
                ServiceTime.NONE, StackPreset.TUNED.tuning(), Optional.empty(), Formation.JOIN, OptionalInt.empty(),
                LogoutCookie.EXPIRE);
    }

    public NodeOptions {
        Objects.requireNonNull(passivationDirectory, "passivationDirectory");
        Objects.requireNonNull(serviceTime, "serviceTime");
        Objects.requireNonNull(stack, "stack");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(bind, "bind");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(replication, "replication");
        Objects.requireNonNull(parentPid, "parentPid");
        Objects.requireNonNull(discovery, "discovery");
        Objects.requireNonNull(resources, "resources");
        Objects.requireNonNull(formation, "formation");
        Objects.requireNonNull(metricsPort, "metricsPort");
        Objects.requireNonNull(logoutCookie, "logoutCookie");
        metricsPort.ifPresent(port -> requirePort(port, "metricsPort"));
        requirePort(httpPort, "httpPort");
        requirePort(adminPort, "adminPort");
        requirePort(jgroupsPort, "jgroupsPort");
        if (payloadBytes < 0) {
            throw new IllegalArgumentException("payloadBytes must not be negative, got " + payloadBytes);
        }
    }

    /** The same options with a metrics listener on {@code port} (0: any free one). */
    public NodeOptions withMetricsPort(int port) {
        return new NodeOptions(name, cluster, bind, httpPort, adminPort, jgroupsPort, discovery, resources,
                payloadBytes, profile, replication, parentPid, serviceTime, stack, passivationDirectory, formation,
                OptionalInt.of(port), logoutCookie);
    }

    public int workers() {
        return resources.workers();
    }

    public double cpuBudgetCores() {
        return resources.cpuBudgetCores();
    }

    private static void requirePort(int port, String what) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(what + " must be 0-65535, got " + port);
        }
    }
}

package io.replsim.replication.transport;

import io.replsim.replication.transport.wire.GuardedUdp;
import io.replsim.replication.transport.wire.WireGuard;
import org.jgroups.protocols.PING;
import org.jgroups.protocols.UDP;
import org.jgroups.stack.Protocol;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Separate processes on one machine over JGroups' UDP transport, as WildFly's default {@code ee} channel runs:
 * messages to the whole cluster (views, heartbeats, discovery) are one IP multicast to the cluster's
 * {@link MulticastGroup}, messages to one member a datagram to its port. Multicast stays on loopback: the
 * transport binds {@code bindAddress} (a 127.x address, which makes it the multicast interface) and sends with a
 * TTL of 0, so no datagram leaves the machine. Discovery is PING (a multicast asking who is there), as WildFly's
 * {@code udp} stack does: the member list TCPPING needs is not wanted, and the group is what keeps clusters apart.
 * Above discovery the stack is {@link TcpStackSpec}'s, tuned by the same {@link StackTuning}; FD_SOCK2 still uses
 * TCP sockets (at the member's port + 100), and replication messages still travel over direct streams (TCP), so
 * only membership, views and JGroups' own traffic are on UDP.
 */
public record UdpStackSpec(InetAddress bindAddress, int bindPort, MulticastGroup group, LargeMessagePath largeMessages,
                           PeerAuthentication authentication, StackTuning tuning, Formation formation)
        implements StackSpec {
    /**
     * The largest datagram IPv4 carries (65535 less the IP and UDP headers); JGroups' UDP refuses a bundler that
     * could fill a bigger one.
     */
    public static final int MAX_DATAGRAM_BYTES = 65_507;
    /** A bundle and the seal after it ({@link WireGuard}) in one datagram. */
    public static final int MAX_BUNDLE_BYTES = MAX_DATAGRAM_BYTES - WireGuard.SEAL_BYTES;
    /** A datagram to the group goes no further than this host (on loopback it never would, but a 0 says so). */
    static final int MULTICAST_TTL = 0;

    public UdpStackSpec {
        Objects.requireNonNull(bindAddress, "bindAddress");
        if (!bindAddress.isLoopbackAddress()) {
            throw new IllegalArgumentException("a UDP member keeps its multicast on loopback: bind a 127.x address, got "
                    + bindAddress.getHostAddress());
        }
        if (bindPort < 1 || bindPort + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET > 65535) {
            throw new IllegalArgumentException("bindPort must leave room for FD_SOCK2 at +"
                    + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET + ", got " + bindPort);
        }
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(largeMessages, "largeMessages");
        Objects.requireNonNull(authentication, "authentication");
        Objects.requireNonNull(tuning, "tuning");
        Objects.requireNonNull(formation, "formation");
        if (tuning.transport() != TransportKind.UDP) {
            throw new IllegalArgumentException("a UDP stack runs the UDP transport, got " + tuning.transport().label());
        }
        if (tuning.bundler().maxSizeBytes() > MAX_BUNDLE_BYTES) {
            throw new IllegalArgumentException("a UDP bundle must fit one datagram with its seal (at most "
                    + MAX_BUNDLE_BYTES + " bytes), got " + tuning.bundler().maxSizeBytes());
        }
    }

    /**
     * Replication messages over direct streams; only peers that prove {@code secret} are admitted; joining a cluster
     * ({@link Formation#JOIN}).
     */
    public UdpStackSpec(InetAddress bindAddress, int bindPort, MulticastGroup group, ClusterSecret secret,
                        StackTuning tuning) {
        this(bindAddress, bindPort, group, LargeMessagePath.DirectStreams.DEFAULT,
                new PeerAuthentication.SharedSecret(secret), tuning, Formation.JOIN);
    }

    /** The same stack entering its cluster as {@code entry} says. */
    public UdpStackSpec withFormation(Formation entry) {
        return new UdpStackSpec(bindAddress, bindPort, group, largeMessages, authentication, tuning, entry);
    }

    @Override
    public InetAddress streamBindAddress() {
        return bindAddress;
    }

    @Override
    public List<Protocol> protocols() {
        Optional<WireGuard> wire = authentication.wireGuard(StackLayers.maxFrameBytes(tuning));
        PING discovery = new PING().numDiscoveryRuns(formation.discoveryRuns());
        List<Protocol> stack = new ArrayList<>(List.of(transport(wire), discovery));
        stack.addAll(StackLayers.aboveDiscovery(tuning, formation, bindAddress, wire));
        return authentication.guard(stack);
    }

    private UDP transport(Optional<WireGuard> wire) {
        UDP udp = wire.<UDP>map(GuardedUdp::new).orElseGet(UDP::new);
        udp.setBindAddress(bindAddress).setBindPort(bindPort).setPortRange(0);
        udp.setMulticastAddress(group.address());
        udp.setMulticastPort(group.port());
        udp.setMulticastTTL(MULTICAST_TTL);
        StackLayers.tune(udp, tuning);
        return udp;
    }
}

package io.replsim.replication.transport;

import io.replsim.replication.transport.wire.GuardedTcp;
import io.replsim.replication.transport.wire.GuardedTcpNio2;
import io.replsim.replication.transport.wire.WireGuard;
import org.jgroups.protocols.BasicTCP;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCP_NIO2;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.dns.DNS_PING;
import org.jgroups.stack.Protocol;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Separate processes or containers: TCP (NIO) with a static member list or DNS (most container networks carry no
 * multicast; on loopback, {@link UdpStackSpec} is the multicast alternative). Failure detection is replsim's own
 * ({@link StackPreset#TUNED}: a killed process is confirmed dead by its closed port, a hung one by timeouts measured
 * to raise no false suspicions under RPC load, shared/reference/platform.md), unless {@code tuning} says otherwise
 * (a scenario's {@code jgroups:} section: a server's preset or values of its own). There is no flow control: FC
 * stalls synchronous RPCs.
 */
public record TcpStackSpec(InetAddress bindAddress, int bindPort, Discovery discovery, LargeMessagePath largeMessages,
                           PeerAuthentication authentication, StackTuning tuning, Formation formation)
        implements StackSpec {
    /** FD_SOCK2 listens at the TCP port plus this; whoever hands out ports keeps that one free too. */
    public static final int FAILURE_DETECTION_PORT_OFFSET = 100;
    /**
     * FD_SOCK2 takes the first free port of its port and this many above it (JGroups' default, set so that it is
     * known here); with all of them taken the node cannot start (NodeMain's exit 4, a port taken).
     */
    public static final int FAILURE_DETECTION_PORT_RANGE = 3;

    static final Duration DEPARTED_MEMBER_KEPT = Duration.ofSeconds(10);
    static final Duration RETRANSMIT_INTERVAL = Duration.ofMillis(200);
    static final Duration LEAVE_TIMEOUT = Duration.ofSeconds(1);
    static final Duration VIEW_ACK_COLLECTION_TIMEOUT = Duration.ofSeconds(1);
    /**
     * A connect to a live member on a LAN takes well under a millisecond; to a dead host's address (a killed
     * container, a crashed machine) it hangs, since nothing answers the SYN. TCP_NIO2 connects without blocking
     * the sender; this bounds how long a connection to a silent address is tried before the message is dropped
     * (retransmission sends it again).
     */
    static final Duration CONNECT_TIMEOUT = Duration.ofMillis(300);
    /**
     * How long a peer that connected to the TCP transport has for its whole preamble (15 bytes, sent with the
     * connect) before the connection is refused ({@code peer_addr_read_timeout}, which the guarded transport takes
     * for all of it, not for each read).
     */
    static final Duration PREAMBLE_DEADLINE = Duration.ofSeconds(2);

    public TcpStackSpec {
        Objects.requireNonNull(bindAddress, "bindAddress");
        if (bindPort < 1 || bindPort + FAILURE_DETECTION_PORT_OFFSET > 65535) {
            throw new IllegalArgumentException("bindPort must leave room for FD_SOCK2 at +"
                    + FAILURE_DETECTION_PORT_OFFSET + ", got " + bindPort);
        }
        Objects.requireNonNull(discovery, "discovery");
        Objects.requireNonNull(largeMessages, "largeMessages");
        Objects.requireNonNull(authentication, "authentication");
        Objects.requireNonNull(tuning, "tuning");
        Objects.requireNonNull(formation, "formation");
        if (tuning.transport() == TransportKind.UDP) {
            throw new IllegalArgumentException("a TCP stack cannot run the UDP transport: UdpStackSpec does");
        }
    }

    /** replsim's own tuning ({@link StackPreset#TUNED}), joining a cluster ({@link Formation#JOIN}). */
    public TcpStackSpec(InetAddress bindAddress, int bindPort, Discovery discovery, LargeMessagePath largeMessages,
                        PeerAuthentication authentication) {
        this(bindAddress, bindPort, discovery, largeMessages, authentication, StackPreset.TUNED.tuning(),
                Formation.JOIN);
    }

    /**
     * Replication messages over direct streams (the default: {@link LargeMessagePath.DirectStreams#DEFAULT}); only
     * peers that prove {@code secret} are admitted.
     */
    public TcpStackSpec(InetAddress bindAddress, int bindPort, Discovery discovery, ClusterSecret secret) {
        this(bindAddress, bindPort, discovery, LargeMessagePath.DirectStreams.DEFAULT,
                new PeerAuthentication.SharedSecret(secret));
    }

    /** TCPPING with every member's address, this one's included. */
    public TcpStackSpec(InetAddress bindAddress, int bindPort, List<InetSocketAddress> initialMembers,
                        ClusterSecret secret) {
        this(bindAddress, bindPort, new Discovery.StaticMembers(initialMembers), secret);
    }

    /** The same stack with large messages sent as {@code path} says. */
    public TcpStackSpec withLargeMessages(LargeMessagePath path) {
        return new TcpStackSpec(bindAddress, bindPort, discovery, path, authentication, tuning, formation);
    }

    /** The same stack admitting peers as {@code peers} says. */
    public TcpStackSpec withAuthentication(PeerAuthentication peers) {
        return new TcpStackSpec(bindAddress, bindPort, discovery, largeMessages, peers, tuning, formation);
    }

    /** The same stack with the transport, failure detection, merging, bundler and thread pool {@code settings} gives. */
    public TcpStackSpec withTuning(StackTuning settings) {
        return new TcpStackSpec(bindAddress, bindPort, discovery, largeMessages, authentication, settings, formation);
    }

    /** The same stack entering its cluster as {@code entry} says. */
    public TcpStackSpec withFormation(Formation entry) {
        return new TcpStackSpec(bindAddress, bindPort, discovery, largeMessages, authentication, tuning, entry);
    }

    @Override
    public InetAddress streamBindAddress() {
        return bindAddress;
    }

    @Override
    public List<Protocol> protocols() {
        Optional<WireGuard> wire = authentication.wireGuard(StackLayers.maxFrameBytes(tuning));
        List<Protocol> stack = new ArrayList<>(List.of(transport(wire), discoveryProtocol()));
        stack.addAll(StackLayers.aboveDiscovery(tuning, formation, bindAddress, wire));
        return authentication.guard(stack);
    }

    private BasicTCP transport(Optional<WireGuard> wire) {
        // TCP_NIO2 by default, not TCP: TCP sends a multicast (a view, a heartbeat) to the members one after another
        // and blocks on each connect, so a dead host's silent address held every member after it in the list: after
        // a docker kill the survivor that was not the dead node's FD_SOCK2 neighbour got the new view 1-2 s after the
        // other, missed heartbeats, and replication between the survivors slowed to 0.7 s a request
        // (docs/docker.md). A process killed on loopback refuses connections at once, so it never showed there.
        // The servers' presets use TCP, as they ship.
        BasicTCP tcp = switch (tuning.transport()) {
            case TCP -> wire.<BasicTCP>map(GuardedTcp::new).orElseGet(TCP::new);
            case TCP_NIO2 -> wire.<BasicTCP>map(GuardedTcpNio2::new).orElseGet(TCP_NIO2::new);
            case UDP -> throw new IllegalStateException("unreachable: the constructor refuses UDP");
        };
        tcp.setBindAddress(bindAddress).setBindPort(bindPort).setPortRange(0);
        tcp.tcpNodelay(true);
        tcp.setSockConnTimeout((int) CONNECT_TIMEOUT.toMillis());
        tcp.setPeerAddrReadTimeout((int) PREAMBLE_DEADLINE.toMillis());
        StackLayers.tune(tcp, tuning);
        return tcp;
    }

    private Protocol discoveryProtocol() {
        return switch (discovery) {
            case Discovery.StaticMembers(List<InetSocketAddress> members) -> {
                TCPPING ping = new TCPPING().setInitialHosts(members).setPortRange(0);
                ping.sendCacheOnJoin(true);
                yield ping.numDiscoveryRuns(formation.discoveryRuns());
            }
            // A records only: each answer is a pod's address, at the JGroups port every member shares.
            case Discovery.Dns(String query) -> new DNS_PING().dnsQuery(query).dnsRecordType("A")
                    .numDiscoveryRuns(formation.discoveryRuns());
        };
    }
}

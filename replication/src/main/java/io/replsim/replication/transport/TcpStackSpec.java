package io.replsim.replication.transport;

import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.BasicTCP;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCP_NIO2;
import org.jgroups.protocols.TP;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.dns.DNS_PING;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.protocols.Bundler;
import org.jgroups.stack.Protocol;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Separate processes or containers: TCP (NIO) with a static member list or DNS (no multicast on loopback or in
 * most container networks). The timings are the ones measured to detect a {@code kill -9} in about a second
 * without false suspicions under RPC load (shared/reference/platform.md), unless {@code tuning} says otherwise
 * (a scenario's {@code jgroups:} section: a server's preset or values of its own). There is no flow control: FC
 * stalls synchronous RPCs.
 */
public record TcpStackSpec(InetAddress bindAddress, int bindPort, Discovery discovery, LargeMessagePath largeMessages,
                           PeerAuthentication authentication, StackTuning tuning) implements StackSpec {
    /** FD_SOCK2 listens at the TCP port plus this; whoever hands out ports keeps that one free too. */
    public static final int FAILURE_DETECTION_PORT_OFFSET = 100;

    static final Duration DEPARTED_MEMBER_KEPT = Duration.ofSeconds(10);
    static final Duration RETRANSMIT_INTERVAL = Duration.ofMillis(200);
    static final Duration JOIN_TIMEOUT = Duration.ofSeconds(2);
    static final Duration LEAVE_TIMEOUT = Duration.ofSeconds(1);
    static final Duration VIEW_ACK_COLLECTION_TIMEOUT = Duration.ofSeconds(1);
    /**
     * A connect to a live member on a LAN takes well under a millisecond; to a dead host's address (a killed
     * container, a crashed machine) it hangs, since nothing answers the SYN. TCP_NIO2 connects without blocking
     * the sender; this bounds how long a connection to a silent address is tried before the message is dropped
     * (retransmission sends it again).
     */
    static final Duration CONNECT_TIMEOUT = Duration.ofMillis(300);

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
    }

    /** replsim's own tuning ({@link StackPreset#TUNED}). */
    public TcpStackSpec(InetAddress bindAddress, int bindPort, Discovery discovery, LargeMessagePath largeMessages,
                        PeerAuthentication authentication) {
        this(bindAddress, bindPort, discovery, largeMessages, authentication, StackPreset.TUNED.tuning());
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
        return new TcpStackSpec(bindAddress, bindPort, discovery, path, authentication, tuning);
    }

    /** The same stack admitting peers as {@code peers} says. */
    public TcpStackSpec withAuthentication(PeerAuthentication peers) {
        return new TcpStackSpec(bindAddress, bindPort, discovery, largeMessages, peers, tuning);
    }

    /** The same stack with the transport, failure detection, merging, bundler and thread pool {@code settings} gives. */
    public TcpStackSpec withTuning(StackTuning settings) {
        return new TcpStackSpec(bindAddress, bindPort, discovery, largeMessages, authentication, settings);
    }

    @Override
    public InetAddress streamBindAddress() {
        return bindAddress;
    }

    @Override
    public List<Protocol> protocols() {
        StackTuning.FailureDetection detection = tuning.failureDetection();
        List<Protocol> stack = new ArrayList<>(List.of(
                transport(),
                discoveryProtocol(),
                new MERGE3().setMinInterval(tuning.merge().min().toMillis())
                        .setMaxInterval(tuning.merge().max().toMillis())));
        if (detection.socketMonitor()) {
            stack.add(new FD_SOCK2().setBindAddress(bindAddress).setOffset(FAILURE_DETECTION_PORT_OFFSET));
        }
        stack.addAll(List.of(
                new FD_ALL3().setTimeout(detection.heartbeatTimeout().toMillis())
                        .setInterval(detection.heartbeatInterval().toMillis()),
                new VERIFY_SUSPECT2().setTimeout(detection.verifySuspectTimeout().toMillis()),
                new NAKACK2().setXmitInterval(RETRANSMIT_INTERVAL.toMillis()),
                // A departed member's send and receive tables are kept this long (JGroups' default, 240 s, is TCP's
                // TIME_WAIT); a node restarted every minute comes back under a new address each time, and the old
                // tables then held ~300 KB/min of the survivors' live heap in a soak. Infinispan's stacks use 5 s.
                new UNICAST3().setXmitInterval(RETRANSMIT_INTERVAL.toMillis())
                        .setConnCloseTimeout(DEPARTED_MEMBER_KEPT.toMillis()),
                new STABLE(),
                new GMS().setJoinTimeout(JOIN_TIMEOUT.toMillis()).setLeaveTimeout(LEAVE_TIMEOUT.toMillis())
                        .setViewAckCollectionTimeout(VIEW_ACK_COLLECTION_TIMEOUT.toMillis())
                        // The node logs its views itself; JGroups' banner would bypass the logger.
                        .printLocalAddress(false),
                new FRAG4()));
        return authentication.guard(stack);
    }

    private BasicTCP transport() {
        // TCP_NIO2 by default, not TCP: TCP sends a multicast (a view, a heartbeat) to the members one after another
        // and blocks on each connect, so a dead host's silent address held every member after it in the list: after
        // a docker kill the survivor that was not the dead node's FD_SOCK2 neighbour got the new view 1-2 s after the
        // other, missed heartbeats, and replication between the survivors slowed to 0.7 s a request
        // (docs/docker.md). A process killed on loopback refuses connections at once, so it never showed there.
        // The servers' presets use TCP, as they ship.
        BasicTCP tcp = switch (tuning.transport()) {
            case TCP -> new TCP();
            case TCP_NIO2 -> new TCP_NIO2();
        };
        tcp.setBindAddress(bindAddress).setBindPort(bindPort).setPortRange(0);
        tcp.tcpNodelay(true);
        tcp.setSockConnTimeout((int) CONNECT_TIMEOUT.toMillis());
        // The tuned stack's transfer-queue bundler keeps one queue and one output buffer for every destination. The
        // per-destination bundler (JGroups' default) keeps a send buffer (a 64 KB output buffer and a ring of
        // messages) per address; one made for a departed member's address after the view change that dropped it is
        // never dropped, and a node restarted every minute leaves such an address behind each time: about 100 KB of
        // a survivor's live heap per restart in a soak.
        try {
            Bundler bundler = TP.createBundler(tuning.bundler().kind().label(), getClass());
            bundler.setMaxSize(tuning.bundler().maxSizeBytes());
            tcp.setBundler(bundler);
        } catch (Exception e) {
            throw new IllegalStateException("JGroups has no bundler " + tuning.bundler().kind().label(), e);
        }
        tcp.getThreadPool().setMinThreads(tuning.threadPool().minThreads())
                .setMaxThreads(tuning.threadPool().maxThreads())
                .setKeepAliveTime(tuning.threadPool().keepAlive().toMillis());
        return tcp;
    }

    private Protocol discoveryProtocol() {
        return switch (discovery) {
            case Discovery.StaticMembers(List<InetSocketAddress> members) -> {
                TCPPING ping = new TCPPING().setInitialHosts(members).setPortRange(0);
                ping.sendCacheOnJoin(true);
                yield ping;
            }
            // A records only: each answer is a pod's address, at the JGroups port every member shares.
            case Discovery.Dns(String query) -> new DNS_PING().dnsQuery(query).dnsRecordType("A");
        };
    }
}

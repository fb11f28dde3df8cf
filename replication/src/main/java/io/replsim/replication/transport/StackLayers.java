package io.replsim.replication.transport;

import io.replsim.replication.transport.detection.ClosedPortVerifySuspect2;
import io.replsim.replication.transport.detection.SuspectOnCloseFdSock2;
import io.replsim.replication.transport.wire.GuardedFdSock2;
import io.replsim.replication.transport.wire.WireGuard;
import org.jgroups.protocols.Bundler;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.TP;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.stack.Protocol;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a TCP and a UDP member's stacks share: everything above discovery, and the transport's bundler and thread
 * pool. Only the transport and the discovery below differ, so a drill on UDP detects, merges and retransmits as
 * one on TCP does with the same tuning.
 */
final class StackLayers {

    /**
     * Room above the bundler's bound (or FRAG4's, the larger) for a frame that is one message FRAG4 did not cut
     * (views and digests: GMS sits below it) and for a batch's own fields: a view of a few hundred members.
     */
    private static final int FRAME_HEADROOM_BYTES = 64 * 1024;

    private StackLayers() {
    }

    /**
     * The longest frame a member of this stack sends, seal included: the bundler sends at most its bound at once
     * (and a message over it alone), FRAG4 cuts every message above it to its fragment size.
     */
    static int maxFrameBytes(StackTuning tuning) {
        return Math.max(tuning.bundler().maxSizeBytes(), new FRAG4().getFragSize()) + FRAME_HEADROOM_BYTES
                + WireGuard.SEAL_BYTES;
    }

    /**
     * MERGE3 up to FRAG4, tuned as {@code tuning} says and joining as {@code formation} says; FD_SOCK2 (when on)
     * listens on {@code bindAddress}, guarded by {@code wire} when there is one.
     */
    static List<Protocol> aboveDiscovery(StackTuning tuning, Formation formation, InetAddress bindAddress,
                                         Optional<WireGuard> wire) {
        StackTuning.FailureDetection detection = tuning.failureDetection();
        List<Protocol> stack = new ArrayList<>(List.of(
                new MERGE3().setMinInterval(tuning.merge().min().toMillis())
                        .setMaxInterval(tuning.merge().max().toMillis())));
        if (detection.socketMonitor()) {
            // A TCP socket whatever the transport: UDP has no connection whose close could tell of a death.
            FD_SOCK2 socketMonitor = wire.<FD_SOCK2>map(GuardedFdSock2::new).orElseGet(SuspectOnCloseFdSock2::new);
            stack.add(socketMonitor.setBindAddress(bindAddress).setOffset(TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET)
                    .setPortRange(TcpStackSpec.FAILURE_DETECTION_PORT_RANGE));
        }
        stack.addAll(List.of(
                new FD_ALL3().setTimeout(detection.heartbeatTimeout().toMillis())
                        .setInterval(detection.heartbeatInterval().toMillis()),
                (detection.closedPortConfirms() ? new ClosedPortVerifySuspect2() : new VERIFY_SUSPECT2())
                        .setTimeout(detection.verifySuspectTimeout().toMillis()),
                new NAKACK2().setXmitInterval(TcpStackSpec.RETRANSMIT_INTERVAL.toMillis()),
                // A departed member's send and receive tables are kept this long (JGroups' default, 240 s, is TCP's
                // TIME_WAIT); a node restarted every minute comes back under a new address each time, and the old
                // tables then held ~300 KB/min of the survivors' live heap in a soak. Infinispan's stacks use 5 s.
                new UNICAST3().setXmitInterval(TcpStackSpec.RETRANSMIT_INTERVAL.toMillis())
                        .setConnCloseTimeout(TcpStackSpec.DEPARTED_MEMBER_KEPT.toMillis()),
                new STABLE(),
                new GMS().setJoinTimeout(formation.joinTimeout().toMillis())
                        .setMaxJoinAttempts(formation.maxJoinAttempts())
                        .setLeaveTimeout(TcpStackSpec.LEAVE_TIMEOUT.toMillis())
                        .setViewAckCollectionTimeout(TcpStackSpec.VIEW_ACK_COLLECTION_TIMEOUT.toMillis())
                        // The node logs its views itself; JGroups' banner would bypass the logger.
                        .printLocalAddress(false),
                new FRAG4()));
        return stack;
    }

    /** The transport's bundler and thread pool as {@code tuning} says. */
    static void tune(TP transport, StackTuning tuning) {
        // The tuned stack's transfer-queue bundler keeps one queue and one output buffer for every destination. The
        // per-destination bundler (JGroups' default) keeps a send buffer (a 64 KB output buffer and a ring of
        // messages) per address; one made for a departed member's address after the view change that dropped it is
        // never dropped, and a node restarted every minute leaves such an address behind each time: about 100 KB of
        // a survivor's live heap per restart in a soak.
        try {
            Bundler bundler = TP.createBundler(tuning.bundler().kind().label(), StackLayers.class);
            bundler.setMaxSize(tuning.bundler().maxSizeBytes());
            transport.setBundler(bundler);
        } catch (Exception e) {
            throw new IllegalStateException("JGroups has no bundler " + tuning.bundler().kind().label(), e);
        }
        transport.getThreadPool().setMinThreads(tuning.threadPool().minThreads())
                .setMaxThreads(tuning.threadPool().maxThreads())
                .setKeepAliveTime(tuning.threadPool().keepAlive().toMillis());
    }
}

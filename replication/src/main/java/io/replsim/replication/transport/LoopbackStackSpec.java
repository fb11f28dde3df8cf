package io.replsim.replication.transport;

import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.SHARED_LOOPBACK;
import org.jgroups.protocols.SHARED_LOOPBACK_PING;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.stack.Protocol;

import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A whole cluster inside one JVM, for fast tests: members find each other through a static registry keyed by
 * cluster name, so every test uses its own name. No failure detection: members leave only by closing. Replication
 * messages still travel over real direct streams on 127.0.0.1, so fast tests cover the path TCP nodes take; for the
 * same reason joins and streams prove a secret, by default the one {@link ClusterSecret#ofThisJvm() this JVM}'s
 * members share (no other process can reach SHARED_LOOPBACK, but anyone on the machine can reach the streams).
 */
public record LoopbackStackSpec(Duration joinTimeout, LargeMessagePath largeMessages,
                                PeerAuthentication authentication) implements StackSpec {
    /** Discovery in one JVM is immediate; the first member still waits this long before founding the cluster. */
    public static final Duration DEFAULT_JOIN_TIMEOUT = Duration.ofMillis(500);

    public LoopbackStackSpec {
        Objects.requireNonNull(joinTimeout, "joinTimeout");
        Objects.requireNonNull(largeMessages, "largeMessages");
        Objects.requireNonNull(authentication, "authentication");
    }

    /** Peers prove the secret this JVM's members share. */
    public LoopbackStackSpec(Duration joinTimeout, LargeMessagePath largeMessages) {
        this(joinTimeout, largeMessages, new PeerAuthentication.SharedSecret(ClusterSecret.ofThisJvm()));
    }

    /** Replication messages over direct streams on 127.0.0.1, as a TCP node sends them. */
    public LoopbackStackSpec(Duration joinTimeout) {
        this(joinTimeout, LargeMessagePath.DirectStreams.DEFAULT);
    }

    public LoopbackStackSpec() {
        this(DEFAULT_JOIN_TIMEOUT);
    }

    @Override
    public InetAddress streamBindAddress() {
        return InetAddress.getLoopbackAddress();
    }

    @Override
    public List<Protocol> protocols() {
        return authentication.guard(List.of(
                new SHARED_LOOPBACK(),
                new SHARED_LOOPBACK_PING(),
                new NAKACK2().setXmitInterval(TcpStackSpec.RETRANSMIT_INTERVAL.toMillis()),
                new UNICAST3().setXmitInterval(TcpStackSpec.RETRANSMIT_INTERVAL.toMillis()),
                new STABLE(),
                new GMS().setJoinTimeout(joinTimeout.toMillis()).setLeaveTimeout(TcpStackSpec.LEAVE_TIMEOUT.toMillis())
                        .setViewAckCollectionTimeout(TcpStackSpec.VIEW_ACK_COLLECTION_TIMEOUT.toMillis())
                        // The node logs its views itself; JGroups' banner would bypass the logger.
                        .printLocalAddress(false),
                new FRAG4()));
    }
}

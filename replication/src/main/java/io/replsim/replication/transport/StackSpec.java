package io.replsim.replication.transport;

import org.jgroups.stack.Protocol;

import java.net.InetAddress;
import java.time.Duration;
import java.util.List;

/** A JGroups protocol stack, built in code so its settings are typed and reviewed rather than an XML file. */
public sealed interface StackSpec permits TcpStackSpec, UdpStackSpec, LoopbackStackSpec {
    /** Fresh protocol instances, bottom (transport) first, as {@code new JChannel(List)} expects. */
    List<Protocol> protocols();

    /** How messages too large for JGroups to carry cheaply travel (see {@link LargeMessagePath}). */
    LargeMessagePath largeMessages();

    /** Who may join this member's cluster and open a direct stream to it. */
    PeerAuthentication authentication();

    /** Where this member's direct-stream server listens (on an ephemeral port), when large messages use one. */
    InetAddress streamBindAddress();

    /**
     * How long a connection to a silent address is tried: the transport's, for the direct streams too (see
     * {@link TcpStackSpec#CONNECT_TIMEOUT}).
     */
    default Duration connectTimeout() {
        return TcpStackSpec.CONNECT_TIMEOUT;
    }
}

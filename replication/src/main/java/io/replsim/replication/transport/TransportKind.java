package io.replsim.replication.transport;

import io.replsim.settings.Labelled;

/**
 * Which JGroups transport carries the members' messages. {@link #TCP} blocks a sender on each connect,
 * {@link #TCP_NIO2} does not (see {@link TcpStackSpec} for why that matters after a host dies); {@link #UDP}
 * multicasts to the whole cluster on loopback ({@link UdpStackSpec}), where the machine lets multicast come back
 * (docs/replication.md, "Failure detection and transport").
 */
public enum TransportKind implements Labelled {
    TCP,
    TCP_NIO2,
    UDP;
}

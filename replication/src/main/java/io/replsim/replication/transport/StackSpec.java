package io.replsim.replication.transport;

import org.jgroups.stack.Protocol;

import java.util.List;

/** A JGroups protocol stack, built in code so its settings are typed and reviewed rather than an XML file. */
public sealed interface StackSpec permits TcpStackSpec, LoopbackStackSpec {
    /** Fresh protocol instances, bottom (transport) first, as {@code new JChannel(List)} expects. */
    List<Protocol> protocols();
}

package io.replsim.replication.transport;

import io.replsim.replication.NodeId;
import org.jgroups.JChannel;
import org.jgroups.stack.Protocol;
import org.jgroups.stack.ProtocolStack;

import java.util.Objects;

/** The fault point of one connected channel: protocols go in and out of its stack at run time, the JGroups way. */
public record ChannelFaultPoint(NodeId self, JChannel channel) implements FaultPoint {
    public ChannelFaultPoint {
        Objects.requireNonNull(self, "self");
        Objects.requireNonNull(channel, "channel");
    }

    @Override
    public void insertAboveTransport(Protocol protocol) throws Exception {
        ProtocolStack stack = channel.getProtocolStack();
        protocol.setAddress(channel.getAddress());
        protocol.init();
        stack.insertProtocol(protocol, ProtocolStack.Position.ABOVE, stack.getTransport().getClass());
        protocol.start();
    }

    @Override
    public void removeInserted(Protocol protocol) {
        channel.getProtocolStack().removeProtocol(protocol);
        protocol.stop();
        protocol.destroy();
    }

    @Override
    public void halt() {
        channel.getProtocolStack().stopStack(channel.getClusterName());
    }
}

package io.replsim.replication.transport;

import io.replsim.replication.NodeId;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.ReplicationMessage;

/** Applies a replication message that passed the allow-list; its answer goes back to the sender as the ack. */
@FunctionalInterface
public interface InboundHandler {
    Ack handle(NodeId sender, ReplicationMessage message);
}

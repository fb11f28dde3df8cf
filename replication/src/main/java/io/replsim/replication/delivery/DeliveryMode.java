package io.replsim.replication.delivery;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.message.ReplicationMessage;

import java.util.List;

/** How a change travels to its backups and what the request waits for. */
@FunctionalInterface
public interface DeliveryMode {
    void deliver(ReplicationMessage message, List<NodeId> backups) throws ReplicationException;
}

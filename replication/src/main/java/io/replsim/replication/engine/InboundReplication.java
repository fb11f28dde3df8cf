package io.replsim.replication.engine;

import io.replsim.replication.NodeId;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AckStatus;
import io.replsim.replication.message.ReplicationMessage;
import io.replsim.replication.message.WholeSessionUpdate;
import io.replsim.replication.session.BackupOutcome;
import io.replsim.replication.session.SessionStore;
import io.replsim.replication.transport.InboundHandler;

/** Applies what other members send to this node's store and says how it went. */
final class InboundReplication implements InboundHandler {
    private final SessionStore store;

    InboundReplication(SessionStore store) {
        this.store = store;
    }

    @Override
    public Ack handle(NodeId sender, ReplicationMessage message) {
        BackupOutcome outcome = switch (message) {
            case WholeSessionUpdate update -> store.applyBackup(update.snapshot());
        };
        return Ack.of(switch (outcome) {
            case APPLIED -> AckStatus.APPLIED;
            case STALE -> AckStatus.STALE;
            case BUSY -> AckStatus.BUSY;
        });
    }
}

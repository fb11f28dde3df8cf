package io.replsim.replication.engine;

import io.replsim.replication.NodeId;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AckStatus;
import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.BackupTransfer;
import io.replsim.replication.message.CopyRemoval;
import io.replsim.replication.message.GravitationRequest;
import io.replsim.replication.message.ReplicationMessage;
import io.replsim.replication.message.SessionEnd;
import io.replsim.replication.message.SessionVersion;
import io.replsim.replication.message.SessionUpdate;
import io.replsim.replication.message.UpdateBundle;
import io.replsim.replication.message.WholeSessionUpdate;
import io.replsim.replication.session.BackupOutcome;
import io.replsim.replication.message.SessionSnapshot;
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
        return switch (message) {
            case SessionUpdate update -> apply(update);
            case UpdateBundle bundle -> applyAll(bundle);
            case BackupTransfer transfer -> applyAll(transfer);
            case CopyRemoval removal -> removeAll(removal);
            case SessionEnd end -> {
                store.endCopy(end.session());
                yield Ack.of(AckStatus.APPLIED);
            }
            case GravitationRequest request -> store.copyForGravitation(request.id())
                    .map(Ack::holding)
                    .orElseGet(() -> Ack.of(AckStatus.NOT_HELD));
        };
    }

    private Ack apply(SessionUpdate update) {
        return switch (update) {
            case WholeSessionUpdate whole -> ackFor(store.applyBackup(whole.snapshot()));
            case AttributeDelta delta -> ackFor(store.applyDelta(delta));
        };
    }

    /**
     * In the order sent. One busy session fails the bundle, so the sender counts it as not acknowledged; one gap
     * asks for the bundle's whole sessions, which repair any copy a delta could not.
     */
    private Ack applyAll(UpdateBundle bundle) {
        int busy = 0;
        int gaps = 0;
        for (SessionUpdate update : bundle.updates()) {
            AckStatus status = apply(update).status();
            busy += status == AckStatus.BUSY ? 1 : 0;
            gaps += status == AckStatus.GAP ? 1 : 0;
        }
        if (busy > 0) {
            return new Ack(AckStatus.BUSY, busy + " of " + bundle.updates().size() + " updates busy");
        }
        return gaps > 0 ? new Ack(AckStatus.GAP, gaps + " of " + bundle.updates().size() + " updates lack their base")
                : Ack.of(AckStatus.APPLIED);
    }

    /** One busy session fails the batch, so the sender knows its push is incomplete; the others are applied. */
    private Ack applyAll(BackupTransfer transfer) {
        int busy = 0;
        for (SessionSnapshot snapshot : transfer.snapshots()) {
            if (store.applyBackup(snapshot) == BackupOutcome.BUSY) {
                busy++;
            }
        }
        return busy == 0 ? Ack.of(AckStatus.APPLIED)
                : new Ack(AckStatus.BUSY, busy + " of " + transfer.snapshots().size() + " sessions busy");
    }

    /** A copy kept because a newer write reached it is not a failure: it is what the version bound is for. */
    private Ack removeAll(CopyRemoval removal) {
        for (SessionVersion copy : removal.copies()) {
            store.removeCopy(copy);
        }
        return Ack.of(AckStatus.APPLIED);
    }

    private static Ack ackFor(BackupOutcome outcome) {
        return Ack.of(switch (outcome) {
            case APPLIED -> AckStatus.APPLIED;
            case STALE -> AckStatus.STALE;
            case BUSY -> AckStatus.BUSY;
            case GAP -> AckStatus.GAP;
        });
    }
}

package io.replsim.replication.engine;

import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AckStatus;
import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.BackupTransfer;
import io.replsim.replication.message.CopyRemoval;
import io.replsim.replication.message.GravitationRequest;
import io.replsim.replication.message.OwnershipClaims;
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

import java.util.ArrayList;
import java.util.List;

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
                store.endCopy(end.session(), end.cause());
                yield Ack.of(AckStatus.APPLIED);
            }
            case GravitationRequest request -> store.copyForGravitation(request.id())
                    .map(Ack::holding)
                    .orElseGet(() -> Ack.of(AckStatus.NOT_HELD));
            case OwnershipClaims claims -> settle(claims);
        };
    }

    private Ack apply(SessionUpdate update) {
        return switch (update) {
            case WholeSessionUpdate whole -> ackFor(whole.snapshot().id(), store.applyBackup(whole.snapshot()));
            case AttributeDelta delta -> ackFor(delta.id(), store.applyDelta(delta));
        };
    }

    /** The claims this node's own copies outrank go back, for the claimant to take. */
    private Ack settle(OwnershipClaims claims) {
        List<SessionSnapshot> winners = new ArrayList<>();
        for (SessionSnapshot claim : claims.owned()) {
            store.settle(claim).ifPresent(winners::add);
        }
        return winners.isEmpty() ? Ack.of(AckStatus.APPLIED) : new Ack(AckStatus.OWNED, winners.size() + " of "
                + claims.owned().size() + " sessions owned here at a copy that outranks the claim", winners);
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

    /**
     * One busy session fails the batch, so the sender knows its push is incomplete; the others are applied. Sessions
     * this node owns at a copy that outranks the push go back with the answer, for the sender to take.
     */
    private Ack applyAll(BackupTransfer transfer) {
        int busy = 0;
        List<SessionSnapshot> winners = new ArrayList<>();
        for (SessionSnapshot snapshot : transfer.snapshots()) {
            switch (store.applyBackup(snapshot)) {
                case BUSY -> busy++;
                case OWNED_HERE -> store.peek(snapshot.id()).ifPresent(winners::add);
                default -> { }
            }
        }
        if (busy > 0) {
            return new Ack(AckStatus.BUSY, busy + " of " + transfer.snapshots().size() + " sessions busy");
        }
        return winners.isEmpty() ? Ack.of(AckStatus.APPLIED)
                : new Ack(AckStatus.OWNED, winners.size() + " sessions owned here at a newer copy", winners);
    }

    /** A copy kept because a newer write reached it is not a failure: it is what the version bound is for. */
    private Ack removeAll(CopyRemoval removal) {
        for (SessionVersion copy : removal.copies()) {
            store.removeCopy(copy);
        }
        return Ack.of(AckStatus.APPLIED);
    }

    private Ack ackFor(SessionId id, BackupOutcome outcome) {
        return switch (outcome) {
            case APPLIED -> Ack.of(AckStatus.APPLIED);
            case STALE -> Ack.of(AckStatus.STALE);
            case BUSY -> Ack.of(AckStatus.BUSY);
            case GAP -> Ack.of(AckStatus.GAP);
            // The winning copy goes back with the refusal: the sender takes it in place of its own.
            case OWNED_HERE -> store.peek(id).map(copy -> new Ack(AckStatus.OWNED, "owned here at v" + copy.version(),
                    List.of(copy))).orElseGet(() -> Ack.of(AckStatus.STALE));
        };
    }
}

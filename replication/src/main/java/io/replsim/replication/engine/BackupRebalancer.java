package io.replsim.replication.engine;

import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;
import io.replsim.replication.OrphanPolicy;
import io.replsim.replication.Placement;
import io.replsim.replication.SessionId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.message.AckStatus;
import io.replsim.replication.message.BackupTransfer;
import io.replsim.replication.message.OwnershipClaims;
import io.replsim.replication.message.SessionVersion;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.session.SessionStore;
import io.replsim.replication.transport.ClusterTransport;
import io.replsim.replication.transport.MergeInstalled;
import io.replsim.replication.transport.Replies;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Keeps an owner's sessions where placement wants them as the view changes: a member that became a backup of
 * some of this node's sessions (a new buddy after one left, a joiner, a restarted node) receives them, and a
 * member that stopped being one drops them. Orphans (sessions whose owner left) wait on their surviving holders
 * until a request gravitates them, as JBoss does, unless the spec says {@link OrphanPolicy#ADOPT}: then the dead
 * owner's backup that placement names takes each over at the view change. When a partition heals, each member first
 * claims the sessions it owns from the members of the other sides ({@link OwnershipClaims}): where both sides
 * owned one, the copy that outranks the other ({@link io.replsim.replication.session.CopyRank}) is kept on every
 * holder and the loser's state is dropped.
 */
final class BackupRebalancer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BackupRebalancer.class);
    /** Sessions per message: a view change on a loaded node moves thousands, one message each would be slow. */
    private static final int BATCH = 100;

    private final NodeId self;
    private final Placement placement;
    private final OrphanPolicy orphans;
    private final SessionStore store;
    private final ClusterTransport transport;
    private final StaleCopyRemoval staleCopies;
    private final Duration timeout;
    private final ExecutorService worker;
    private final LongAdder pushed = new LongAdder();
    private ClusterView previous; // touched only on the worker thread

    BackupRebalancer(NodeId self, Placement placement, OrphanPolicy orphans, SessionStore store,
                     ClusterTransport transport, Duration timeout) {
        this.self = self;
        this.placement = placement;
        this.orphans = orphans;
        this.store = store;
        this.transport = transport;
        this.staleCopies = new StaleCopyRemoval(transport, timeout);
        this.timeout = timeout;
        // One thread: views are handled in the order installed, and JGroups' own thread never waits for a push.
        this.worker = Executors.newSingleThreadExecutor(Thread.ofPlatform().daemon().name("rebalance-" + self)
                .factory());
    }

    /** Called on JGroups' thread; returns at once. */
    void viewInstalled(ClusterView view) {
        try {
            worker.execute(() -> rebalance(view));
        } catch (RejectedExecutionException closing) {
            log.debug("view {} arrived while closing", view.id());
        }
    }

    /**
     * Called on JGroups' thread with a merge view, before {@link #viewInstalled} gets it; returns at once. The store
     * hears of the merge here, before any request can replicate across it, so that an other side's copy that reaches
     * a session owned here before the claims do is counted as the conflict it is ({@code SessionStore#mergeStarted}).
     */
    void mergeInstalled(MergeInstalled merge) {
        store.mergeStarted(merge.otherSides());
        try {
            worker.execute(() -> settleMerge(merge));
        } catch (RejectedExecutionException closing) {
            store.mergeSettled(merge.otherSides());
            log.debug("merge view {} arrived while closing", merge.view().id());
        }
    }

    /** Sessions pushed to new backups since start. */
    long pushed() {
        return pushed.sum();
    }

    private void rebalance(ClusterView current) {
        ClusterView before = previous;
        previous = current;
        if (before == null) {
            return; // our first view: we own nothing yet
        }
        Map<NodeId, List<SessionSnapshot>> toPush = new LinkedHashMap<>();
        Map<NodeId, List<SessionVersion>> toDrop = new LinkedHashMap<>();
        for (SessionSnapshot session : store.ownedSnapshots()) {
            List<NodeId> had = placement.backupsFor(session.id(), self, before);
            List<NodeId> has = placement.backupsFor(session.id(), self, current);
            for (NodeId member : has) {
                if (!had.contains(member)) {
                    toPush.computeIfAbsent(member, m -> new ArrayList<>()).add(session);
                }
            }
            for (NodeId member : had) {
                if (!has.contains(member) && current.contains(member)) {
                    toDrop.computeIfAbsent(member, m -> new ArrayList<>())
                            .add(new SessionVersion(session.id(), session.version()));
                }
            }
        }
        toPush.forEach(this::push);
        toDrop.forEach((member, copies) -> staleCopies.removeFrom(List.of(member), copies));
        if (!toPush.isEmpty() || !toDrop.isEmpty()) {
            log.info("view {}: pushed sessions to {}, dropped copies on {}", current.id(),
                    summary(toPush), summary(toDrop));
        }
        if (orphans == OrphanPolicy.ADOPT) {
            adoptOrphans(before, current);
        }
    }

    /**
     * Takes over the sessions held here whose owner left, where this member is the adopter every member computes
     * alike: among the dead owner's backups in the view it was alive in that are still here, the one the session's
     * hash picks (under buddies(1) its one buddy; under all, survivors share the orphans).
     */
    private void adoptOrphans(ClusterView before, ClusterView current) {
        Set<NodeId> departed = new HashSet<>(before.members());
        departed.removeAll(current.members());
        if (departed.isEmpty()) {
            return;
        }
        int adopted = 0;
        int failed = 0;
        for (Map.Entry<SessionId, NodeId> orphan : store.copiesOwnedBy(departed).entrySet()) {
            List<NodeId> holders = placement.backupsFor(orphan.getKey(), orphan.getValue(), before).stream()
                    .filter(current::contains).toList();
            if (holders.isEmpty()
                    || !holders.get(Math.floorMod(orphan.getKey().value().hashCode(), holders.size())).equals(self)) {
                continue;
            }
            try {
                adopted += store.adopt(orphan.getKey(), orphan.getValue()) ? 1 : 0;
            } catch (ReplicationException e) {
                failed++;
                log.warn("view {}: adopting {} replicated incompletely: {}", current.id(), orphan.getKey(),
                        e.getMessage());
            }
        }
        log.info("view {}: adopted {} sessions of {}{}", current.id(), adopted, departed,
                failed == 0 ? "" : " (" + failed + " not fully replicated)");
    }

    /**
     * Before the merged view's rebalance (queued right after this), while {@link #previous} is still this side's
     * view: the owned sessions go to every member of the other sides, which settle them against their copies and
     * send back the copies of theirs that win. Taking those before the rebalance means a lost session is not pushed
     * on as ours.
     */
    private void settleMerge(MergeInstalled merge) {
        try {
            claimOwned(merge.view());
        } finally {
            // whatever the claims' fate: from here this node serves what the merge left it (reports judge from it)
            store.mergeSettled(merge.otherSides());
            transport.views().settled(merge.view().id(), System.currentTimeMillis());
        }
    }

    private void claimOwned(ClusterView merged) {
        ClusterView before = previous;
        if (before == null) {
            return;
        }
        List<NodeId> others = merged.members().stream().filter(member -> !before.contains(member)).toList();
        List<SessionSnapshot> owned = store.ownedSnapshots();
        if (others.isEmpty() || owned.isEmpty()) {
            return;
        }
        long lostBefore = store.ownershipConflicts();
        for (int from = 0; from < owned.size(); from += BATCH) {
            List<SessionSnapshot> batch = owned.subList(from, Math.min(owned.size(), from + BATCH));
            try {
                Replies replies = transport.sendAndWait(new OwnershipClaims(batch), others, timeout);
                takeWinners(replies);
                if (!replies.unanswered().isEmpty()) {
                    log.warn("merge {}: no answer to {} ownership claims from {}", merged.id(), batch.size(),
                            replies.unanswered());
                }
            } catch (ReplicationException e) {
                log.warn("merge {}: claiming {} sessions from {} failed: {}", merged.id(), batch.size(), others,
                        e.getMessage());
            }
        }
        log.info("merge {}: claimed {} sessions from {}, lost {} to copies that outranked ours", merged.id(),
                owned.size(), others, store.ownershipConflicts() - lostBefore);
    }

    /** The copies other members own and sent back because they outrank ours replace ours. */
    private void takeWinners(Replies replies) {
        replies.acks().values().stream().filter(ack -> ack.status() == AckStatus.OWNED)
                .flatMap(ack -> ack.carried().stream()).forEach(store::yieldTo);
    }

    private void push(NodeId member, List<SessionSnapshot> sessions) {
        for (int from = 0; from < sessions.size(); from += BATCH) {
            List<SessionSnapshot> batch = sessions.subList(from, Math.min(sessions.size(), from + BATCH));
            try {
                Replies replies = transport.sendAndWait(new BackupTransfer(batch), List.of(member), timeout);
                takeWinners(replies);
                if (replies.acks().values().stream().allMatch(ack -> ack.holdsChange())
                        && replies.unanswered().isEmpty() && replies.departed().isEmpty()) {
                    pushed.add(batch.size());
                } else {
                    log.warn("pushing {} sessions to {} incomplete: acks {}, unanswered {}, departed {}",
                            batch.size(), member, replies.acks(), replies.unanswered(), replies.departed());
                }
            } catch (ReplicationException e) {
                log.warn("pushing {} sessions to {} failed: {}", batch.size(), member, e.getMessage());
            }
        }
    }

    private static String summary(Map<NodeId, ? extends List<?>> byMember) {
        var parts = new ArrayList<String>();
        byMember.forEach((member, items) -> parts.add(member + "=" + items.size()));
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    @Override
    public void close() {
        worker.shutdownNow();
        try {
            worker.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package io.replsim.node.stats;

import java.util.List;

/** The JSON of {@code GET /admin/stats} (docs/interfaces.md §3), field for field. */
public record NodeStatsReport(String node, long uptimeMs, long atEpochMs, Cpu cpu, int workers, Sessions sessions,
                              Requests requests, Replication replication, View view, List<PastView> viewHistory,
                              Memory memory) {

    /** The report of a node that says nothing of its heap (memory is null). */
    public NodeStatsReport(String node, long uptimeMs, long atEpochMs, Cpu cpu, int workers, Sessions sessions,
                           Requests requests, Replication replication, View view, List<PastView> viewHistory) {
        this(node, uptimeMs, atEpochMs, cpu, workers, sessions, requests, replication, view, viewHistory, null);
    }

    /**
     * The node's heap: in use now, its maximum, what the last collection left ({@code heapAfterGcBytes}, -1 before
     * the first), and the collections so far with their total time.
     */
    public record Memory(long heapUsedBytes, long heapMaxBytes, long heapAfterGcBytes, long collections,
                         long collectionMs) {
    }

    /**
     * {@code usedCores}/{@code utilization}: the rate over the last complete {@code windowMs} window.
     * {@code processCpuMs} and {@code monotonicMs}: the process CPU time and the node's monotonic clock
     * ({@code System.nanoTime()} in ms), read together when the stats were asked for; the cores used between two
     * reports of one process are the difference of the first over the difference of the second.
     * {@code compilerCpuMs}: the part of the process CPU time the JIT compiler threads used, read at the same time;
     * null where it is not measured (no per-thread accounting, or a server that does not report it).
     */
    public record Cpu(double budgetCores, double usedCores, double utilization, long windowMs, long processCpuMs,
                      long monotonicMs, Long compilerCpuMs) {
        /** A reading without the compiler's share. */
        public Cpu(double budgetCores, double usedCores, double utilization, long windowMs, long processCpuMs,
                   long monotonicMs) {
            this(budgetCores, usedCores, utilization, windowMs, processCpuMs, monotonicMs, null);
        }
    }

    /**
     * {@code backupBytes}: the estimated heap held by backup copies (jgroups: payload bytes plus a fixed per-object
     * cost; infinispan: the marshalled bytes of the entries this node holds as a non-primary owner). Owned and
     * backup follow the engine: jgroups counts the sessions this node served last as owned; infinispan counts by
     * the consistent hash, primary owner as owned and any other owner as backup. {@code expired}: sessions this
     * node ended as their owner because nobody used them for the maximum inactive interval; {@code expiredCopies}:
     * copies of other members' sessions it dropped for the same reason (both since it started; 0 when sessions
     * never expire). {@code heldBytes}: the bytes of every session held here, owned and backup, on the same
     * basis as {@code backupBytes}: the node's session memory. {@code passivations} and {@code activations}:
     * sessions, owned and replicas, moved to the node's file store beyond {@code maxActiveSessions} and brought back
     * by a request or by replication that needed them, since it started; {@code passivated}: on disk now, counted in
     * neither {@code owned} nor {@code backup} (0 without the limit).
     */
    public record Sessions(int owned, int backup, long backupBytes, long expired, long expiredCopies,
                           long heldBytes, long passivations, long activations, int passivated) {
        /** Sessions that never expire nor passivate, their bytes held not measured. */
        public Sessions(int owned, int backup, long backupBytes) {
            this(owned, backup, backupBytes, 0, 0, 0, 0, 0, 0);
        }
    }

    /**
     * {@code deniedInPartition}: requests among the errors that the cache refused, answered 503, because this node's
     * side of a partition was degraded (infinispan, {@code whenSplit} deny-read-writes or allow-reads).
     */
    public record Requests(long total, long errors, long deniedInPartition) {
        /** None denied. */
        public Requests(long total, long errors) {
            this(total, errors, 0);
        }
    }

    /**
     * Per node; divide by {@code replications} for per-request figures. {@code marshalled*} count each serialization
     * once (whatever its fan-out), {@code unmarshalMicrosTotal} the time spent reading received messages.
     * {@code engine}: jgroups or infinispan. Under infinispan, messages and bytes are the JGroups transport's whole
     * traffic, {@code gravitations} and {@code sessionsPushed} are 0 (the cache moves entries itself), and
     * {@code remoteReads} counts requests that read their session from another member. {@code messagesStreamed}:
     * messages sent over a direct stream instead of through JGroups (every message a stream could take), one per
     * destination.
     * {@code peersRefused}: JGroups connections and datagrams refused at the wire (no frame sealed with the cluster
     * secret), joins and direct streams refused because the peer did not prove the secret, and requests from a
     * sender outside the view (jgroups; infinispan counts the wire's refusals and refused joins and merges).
     * {@code ownershipConflicts}: sessions this node owned and lost to another owner's copy that outranked its own
     * (a healed partition, two takeovers at once; jgroups only), counted on the loser.
     * {@code coalescedUpdates}: under snapshot mode interval, requests whose changes joined a session already waiting
     * for the interval's send (each an update instant mode would have sent); {@code replications} then counts the
     * sends, not the requests. Always 0 under instant.
     * {@code lateSnapshotRounds}: under snapshot mode interval, rounds of the interval's send that took longer than
     * the interval (a slow backup under sync, or too many sessions for one round); rounds never overlap, so each
     * late one delays the next. Always 0 under instant.
     */
    public record Replication(String placement, String granularity, String delivery, long messagesSent,
                              long bytesSent, long messagesReceived, long bytesReceived, long rejectedMessages,
                              long failures, long replicationMicrosTotal, long replicationMicrosMax,
                              long gravitations, long sessionsPushed, Async async, long replications,
                              long marshalledMessages, long marshalledBytes, long marshalMicrosTotal,
                              long unmarshalMicrosTotal, String engine, long remoteReads, long messagesStreamed,
                              long peersRefused, long ownershipConflicts, long coalescedUpdates,
                              long lateSnapshotRounds) {
    }

    /** Async delivery's queue: every update enqueued ends sent, dropped, failed or discarded, or is queued. */
    public record Async(long queued, long enqueued, long dropped, long sent, long failed, long discarded,
                        long bundles, long lagMicrosTotal, long lagMicrosMax) {
    }

    public record View(String id, String coordinator, List<String> members, long installedAtEpochMs) {
    }

    /**
     * {@code settledAtEpochMs}: for a merge view, when this node had settled its copies against the other sides';
     * null for other views and engines that do not settle merges themselves.
     */
    public record PastView(String id, List<String> members, long installedAtEpochMs, Long settledAtEpochMs) {
        /** A view that needed no settling. */
        public PastView(String id, List<String> members, long installedAtEpochMs) {
            this(id, members, installedAtEpochMs, null);
        }
    }
}

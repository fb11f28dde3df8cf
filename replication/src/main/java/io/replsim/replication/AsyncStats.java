package io.replsim.replication;

/**
 * What async delivery did with the updates it was given, counted per destination message (an update to two
 * backups counts twice). Every update enqueued ends as exactly one of sent, dropped, failed or discarded, or is
 * still queued: that is how a loss window stays visible rather than hidden.
 *
 * @param queued       updates waiting right now
 * @param enqueued     updates accepted into a queue since start
 * @param dropped      updates refused because their destination's queue was full
 * @param sent         updates the destination acknowledged
 * @param failed       updates sent but not acknowledged (timeout, refusal): the backup may lack them
 * @param discarded    updates never sent: their destination left the view, or this node shut down
 * @param bundles      messages that carried the sent updates
 * @param lagMicrosMax the longest time from enqueue to acknowledgement: the loss window a crash can open
 */
public record AsyncStats(long queued, long enqueued, long dropped, long sent, long failed, long discarded,
                         long bundles, long lagMicrosTotal, long lagMicrosMax) {
    public static final AsyncStats NONE = new AsyncStats(0, 0, 0, 0, 0, 0, 0, 0, 0);
}

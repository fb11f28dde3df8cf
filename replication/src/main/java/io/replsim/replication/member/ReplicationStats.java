package io.replsim.replication.member;

import io.replsim.replication.AsyncStats;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.TransportStats;

/**
 * A node's replication figures at one instant, as the admin API reports them.
 *
 * @param replications  session updates this node replicated (one per request that needed it, whatever the
 *                      number of backups): the denominator for per-request figures; under snapshot mode
 *                      interval one per session the interval's task sent
 * @param gravitations   sessions this node fetched from other members because it held no copy
 * @param sessionsPushed sessions this node pushed to members that became their backups on a view change
 * @param async          what async delivery queued, sent and lost; all zero under sync (and under infinispan,
 *                       whose async mode has no queue of ours to count)
 * @param remoteReads    requests whose session this node read from another member without taking it over:
 *                       infinispan's reads from a non-owner; always 0 under jgroups, which gravitates instead
 * @param latency        how long each of the {@code replications} took, in buckets: the distribution of which
 *                       {@code replicationMicrosTotal} is the sum
 */
/*
 * @param ownershipConflicts sessions this member owned and lost to another owner's newer copy (a healed
 *                           partition, two takeovers at once): SessionStore.ownershipConflicts
 */
public record ReplicationStats(ReplicationSpec spec, TransportStats traffic, long replications, long failures,
                               long replicationMicrosTotal, long replicationMicrosMax, long gravitations,
                               long sessionsPushed, AsyncStats async, long remoteReads, long ownershipConflicts,
                               LatencyDistribution latency) {
}

package io.replsim.replication.engine;

import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.TransportStats;

/** A node's replication figures at one instant, as the admin API reports them. */
public record ReplicationStats(ReplicationSpec spec, TransportStats traffic, long failures,
                               long replicationMicrosTotal, long replicationMicrosMax) {
}

package io.replsim.replication.transport;

/**
 * Replication traffic of one node. Sent counts one message per destination (an update to two backups is two
 * messages, as on the wire); received counts replication messages, not acknowledgements.
 */
public record TransportStats(long messagesSent, long bytesSent, long messagesReceived, long bytesReceived,
                             long rejectedMessages) {
}

package io.replsim.replication.transport;

/**
 * Replication traffic of one node. Sent counts one message per destination (an update to two backups is two
 * messages, as on the wire); received counts replication messages, not acknowledgements. Marshalled counts each
 * serialization once (the cost of producing a message, whatever its fan-out); unmarshal time covers received
 * messages, acknowledgements excluded. Streamed counts the sent messages that were answered over a direct stream
 * rather than through JGroups ({@link LargeMessagePath.DirectStreams}). Peers refused counts the connections and
 * datagrams the wire guard refused (no frame sealed with the cluster secret), the joins and merges refused for want
 * of the secret, the direct streams refused before their first frame (no proof of the secret, not a replsim stream,
 * no handshake within its deadline), and the requests from a sender still outside the view after a wait for it.
 */
public record TransportStats(long messagesSent, long bytesSent, long messagesReceived, long bytesReceived,
                             long rejectedMessages, long marshalledMessages, long marshalledBytes,
                             long marshalMicrosTotal, long unmarshalMicrosTotal, long messagesStreamed,
                             long peersRefused) {
}

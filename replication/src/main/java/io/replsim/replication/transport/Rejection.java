package io.replsim.replication.transport;

import io.replsim.replication.NodeId;

/** A message from {@code sender} that was not applied because deserializing it would have allowed {@code offending}. */
public record Rejection(NodeId sender, String offending, String reason) {
}

package io.replsim.replication.transport.wire;

/** A JGroups transport that seals every frame it sends and refuses every frame that is not sealed. */
public interface GuardedTransport {
    WireGuard guard();
}

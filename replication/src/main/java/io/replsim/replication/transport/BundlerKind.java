package io.replsim.replication.transport;

import io.replsim.settings.Labelled;

/**
 * How the transport batches outgoing messages, by JGroups' own names for its bundlers: one queue for every
 * destination, a queue per destination (JGroups 5.5's default), or none (each message sent on its own, as JBoss AS
 * 5's {@code enable_bundling=false}).
 */
public enum BundlerKind implements Labelled {
    TRANSFER_QUEUE,
    PER_DESTINATION,
    NO_BUNDLER;
}

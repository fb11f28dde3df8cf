package io.replsim.replication.message;

/** A change to one session that a scope produces for the backups: what async delivery queues and bundles. */
public sealed interface SessionUpdate extends ReplicationMessage permits WholeSessionUpdate, AttributeDelta {
}

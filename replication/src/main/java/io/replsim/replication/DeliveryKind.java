package io.replsim.replication;

import io.replsim.settings.Labelled;

/**
 * Whether a request waits for its backups: SYNC answers only after every backup acknowledged the change; ASYNC
 * answers at once and the change follows from a queue, so a crash can lose what is still queued.
 */
public enum DeliveryKind implements Labelled {
    SYNC,
    ASYNC;
}

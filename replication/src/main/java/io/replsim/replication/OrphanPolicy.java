package io.replsim.replication;

import io.replsim.settings.Labelled;

/**
 * What survivors do with orphans, the sessions whose owner left the view. {@link #ON_REQUEST} is JBoss's way: each
 * waits on its holders until a request for it gravitates it. {@link #ADOPT} takes them over at the view change.
 */
public enum OrphanPolicy implements Labelled {
    /** An orphan is taken over by the member its next request reaches. */
    ON_REQUEST,
    /**
     * At the view change, the dead owner's backup that placement names (one of them, by the session's hash, when
     * there are several) becomes the owner and replicates to its own backups, restoring the backup count before any
     * request comes.
     */
    ADOPT;
}

package io.replsim.replication.session;

/** What a backup did with a replica it received. */
public enum BackupOutcome {
    /** The replica was newer than the copy held, or new: it is now held. */
    APPLIED,
    /** The copy held is as new or newer (a late or repeated message): nothing changed, still an acknowledgement. */
    STALE,
    /** The session stayed locked by a local request for too long: not applied. */
    BUSY,
    /** An attribute update whose base version is not held here: only the whole session can fix the copy. */
    GAP,
    /**
     * This member owns a copy that outranks the replica ({@link CopyRank}): the sender owned the session too, and
     * lost it. Not applied; the sender takes this member's copy instead.
     */
    OWNED_HERE
}

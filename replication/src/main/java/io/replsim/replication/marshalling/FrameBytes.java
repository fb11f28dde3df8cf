package io.replsim.replication.marshalling;

/** Whose a frame's array is while and after it is read: what the reader may keep of it without copying. */
public enum FrameBytes {
    /** The caller's, to be reused or changed after the read: whatever the message keeps is copied out. */
    LENT,
    /**
     * The reader's, never written again: a session's attributes kept as they arrived refer to it, unless they are
     * less than half of it (a batch of many sessions), so that one small copy does not hold a large frame.
     */
    HANDED_OVER
}

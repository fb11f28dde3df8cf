package io.replsim.replication.marshalling;

import io.replsim.replication.message.SessionMetadata;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.BackupTransfer;
import io.replsim.replication.message.CopyRemoval;
import io.replsim.replication.message.OwnershipClaims;
import io.replsim.replication.message.GravitationRequest;
import io.replsim.replication.message.SessionEnd;
import io.replsim.replication.message.UpdateBundle;
import io.replsim.replication.message.WholeSessionUpdate;
import io.replsim.replication.message.SessionSnapshot;

/**
 * The byte after the frame header: which record the frame holds. One tag per record type that travels on its own
 * (the replication messages, the ack, and the Infinispan engine's cache values); {@link #VALUE} is a bare
 * attribute value (the Infinispan engine's attribute entries). The codes are the wire format: never renumber one,
 * add new ones at the end.
 */
enum RecordTag {
    WHOLE_SESSION_UPDATE(1, WholeSessionUpdate.class),
    ATTRIBUTE_DELTA(2, AttributeDelta.class),
    UPDATE_BUNDLE(3, UpdateBundle.class),
    BACKUP_TRANSFER(4, BackupTransfer.class),
    COPY_REMOVAL(5, CopyRemoval.class),
    SESSION_END(6, SessionEnd.class),
    GRAVITATION_REQUEST(7, GravitationRequest.class),
    ACK(8, Ack.class),
    SESSION_SNAPSHOT(9, SessionSnapshot.class),
    SESSION_METADATA(10, SessionMetadata.class),
    VALUE(11, Object.class),
    OWNERSHIP_CLAIMS(12, OwnershipClaims.class),
    /** A {@link SessionEnd} whose cause is an expiry; laid out as {@link #SESSION_END}. */
    SESSION_EXPIRED(13, SessionEnd.class);

    private static final RecordTag[] BY_CODE = new RecordTag[14];

    static {
        for (RecordTag tag : values()) {
            if (BY_CODE[tag.code] != null) {
                throw new AssertionError("two record tags share code " + tag.code);
            }
            BY_CODE[tag.code] = tag;
        }
    }

    final byte code;
    /** The record this tag stands for ({@code Object} for a bare value). */
    final Class<?> type;

    RecordTag(int code, Class<?> type) {
        this.code = (byte) code;
        this.type = type;
    }

    /** The tag with this code, or null for a byte that is no tag. */
    static RecordTag of(byte code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}

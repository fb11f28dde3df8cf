package io.replsim.replication.marshalling;

import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.SessionMetadata;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AckStatus;
import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.BackupTransfer;
import io.replsim.replication.message.CopyRemoval;
import io.replsim.replication.message.OwnershipClaims;
import io.replsim.replication.message.GravitationRequest;
import io.replsim.replication.message.ReplicationMessage;
import io.replsim.replication.message.EndCause;
import io.replsim.replication.message.SessionEnd;
import io.replsim.replication.message.SessionUpdate;
import io.replsim.replication.message.SessionVersion;
import io.replsim.replication.message.UpdateBundle;
import io.replsim.replication.message.WholeSessionUpdate;
import io.replsim.replication.message.SessionSnapshot;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * replsim's records on the wire, field by field: a {@link RecordTag}, then each field with the frame's primitives,
 * attribute values through the {@link ValueCodec}. A record read back is built through its canonical constructor,
 * so it is validated like a local one. The switches over the sealed message types have no default: a new message
 * type does not compile until it has a tag and an encoding here, and a replsim record of the message package with
 * no tag is refused at run time instead of travelling as a Java serialization stream.
 */
final class RecordCodec {
    private static final AckStatus[] STATUSES = AckStatus.values();
    /** The least bytes a string takes on the wire: its length. */
    private static final int MIN_STRING_BYTES = Integer.BYTES;
    private static final int MIN_SESSION_VERSION_BYTES = MIN_STRING_BYTES + Long.BYTES;
    private static final int MIN_ATTRIBUTE_BYTES = MIN_STRING_BYTES + 1;
    private static final int MIN_SNAPSHOT_BYTES = 2 * MIN_STRING_BYTES + 3 * Long.BYTES + Integer.BYTES;
    private static final int MIN_UPDATE_BYTES = 1 + MIN_SNAPSHOT_BYTES;
    private static final String SNAPSHOT_ATTRIBUTES = "the session's attributes";

    private final ValueCodec values;
    private final AttributeNames names = new AttributeNames();

    RecordCodec(ValueCodec values) {
        this.values = values;
    }

    void write(Serializable value, FrameWriter out) {
        switch (value) {
            case ReplicationMessage message -> writeMessage(message, out);
            case Ack ack -> {
                out.writeByte(RecordTag.ACK.code);
                out.writeByte(ack.status().ordinal());
                out.writeString(ack.detail());
                writeSnapshots(ack.carried(), out);
            }
            case SessionSnapshot snapshot -> {
                out.writeByte(RecordTag.SESSION_SNAPSHOT.code);
                writeSnapshot(snapshot, out);
            }
            case SessionMetadata metadata -> {
                out.writeByte(RecordTag.SESSION_METADATA.code);
                out.writeString(metadata.id().value());
                out.writeLong(metadata.version());
                out.writeString(metadata.owner().name());
                out.writeLong(metadata.createdEpochMs());
                out.writeLong(metadata.lastAccessEpochMs());
                writeStrings(metadata.attributeNames(), out);
            }
            default -> {
                refuseUntaggedRecord(value);
                out.writeByte(RecordTag.VALUE.code);
                values.write(value, out);
            }
        }
    }

    private static void refuseUntaggedRecord(Serializable value) {
        Class<?> type = value.getClass();
        if (type.getPackage() == ReplicationMessage.class.getPackage() || type == SessionId.class
                || type == NodeId.class) {
            throw new IllegalArgumentException(type.getName() + " has no wire encoding of its own: give it a "
                    + RecordTag.class.getSimpleName() + " and a case in " + RecordCodec.class.getSimpleName());
        }
    }

    private void writeMessage(ReplicationMessage message, FrameWriter out) {
        switch (message) {
            case SessionUpdate update -> writeUpdate(update, out);
            case UpdateBundle bundle -> {
                out.writeByte(RecordTag.UPDATE_BUNDLE.code);
                out.writeInt(bundle.updates().size());
                for (SessionUpdate update : bundle.updates()) {
                    writeUpdate(update, out);
                }
            }
            case BackupTransfer transfer -> {
                out.writeByte(RecordTag.BACKUP_TRANSFER.code);
                writeSnapshots(transfer.snapshots(), out);
            }
            case CopyRemoval removal -> {
                out.writeByte(RecordTag.COPY_REMOVAL.code);
                out.writeInt(removal.copies().size());
                for (SessionVersion copy : removal.copies()) {
                    writeSessionVersion(copy, out);
                }
            }
            case SessionEnd end -> {
                // An expiry has a tag of its own, so a logout's frame stays what format 2 always made it.
                out.writeByte(end.cause() == EndCause.EXPIRED ? RecordTag.SESSION_EXPIRED.code
                        : RecordTag.SESSION_END.code);
                writeSessionVersion(end.session(), out);
            }
            case GravitationRequest request -> {
                out.writeByte(RecordTag.GRAVITATION_REQUEST.code);
                out.writeString(request.id().value());
            }
            case OwnershipClaims claims -> {
                out.writeByte(RecordTag.OWNERSHIP_CLAIMS.code);
                writeSnapshots(claims.owned(), out);
            }
        }
    }

    private void writeUpdate(SessionUpdate update, FrameWriter out) {
        switch (update) {
            case WholeSessionUpdate whole -> {
                out.writeByte(RecordTag.WHOLE_SESSION_UPDATE.code);
                writeSnapshot(whole.snapshot(), out);
            }
            case AttributeDelta delta -> {
                out.writeByte(RecordTag.ATTRIBUTE_DELTA.code);
                out.writeString(delta.id().value());
                out.writeLong(delta.version());
                out.writeString(delta.owner().name());
                out.writeLong(delta.lastAccessEpochMs());
                writeAttributes(delta.changed(), out);
                writeStrings(delta.removed(), out);
            }
        }
    }

    private void writeSnapshots(List<SessionSnapshot> snapshots, FrameWriter out) {
        out.writeInt(snapshots.size());
        for (SessionSnapshot snapshot : snapshots) {
            writeSnapshot(snapshot, out);
        }
    }

    private void writeSnapshot(SessionSnapshot snapshot, FrameWriter out) {
        out.writeString(snapshot.id().value());
        out.writeLong(snapshot.version());
        out.writeString(snapshot.owner().name());
        out.writeLong(snapshot.createdEpochMs());
        out.writeLong(snapshot.lastAccessEpochMs());
        writeAttributes(snapshot.attributes(), out);
    }

    private void writeAttributes(Map<String, Serializable> attributes, FrameWriter out) {
        // Read once, its values may have been handed out and changed in place: then they are written as they are now.
        if (attributes instanceof ReceivedAttributes received && !received.decoded()) {
            FrameReader.FrameSlice wire = received.wire();
            out.writeVerbatim(wire.bytes(), wire.offset(), wire.length()); // the count and each attribute, as they came
            return;
        }
        out.writeInt(attributes.size());
        for (Map.Entry<String, Serializable> attribute : attributes.entrySet()) {
            out.writeString(attribute.getKey());
            values.write(attribute.getValue(), out);
        }
    }

    private static void writeSessionVersion(SessionVersion version, FrameWriter out) {
        out.writeString(version.id().value());
        out.writeLong(version.version());
    }

    private static void writeStrings(Collection<String> strings, FrameWriter out) {
        out.writeInt(strings.size());
        for (String string : strings) {
            out.writeString(string);
        }
    }

    /** Reads the record after the frame header; its constructor's refusal is a rejection too. */
    Object read(FrameReader in) throws RejectedMessageException {
        int at = in.offset();
        byte code = in.readByte("the record tag");
        RecordTag tag = RecordTag.of(code);
        if (tag == null) {
            throw in.malformed("unknown record tag " + code, "byte " + code + " at offset " + at
                    + " is no record tag this build knows");
        }
        try {
            return readRecord(tag, in);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new RejectedMessageException("invalid " + tag.type.getSimpleName(), "a " + tag.type.getSimpleName()
                    + " frame holds a field its record refuses: " + e.getMessage(), e);
        }
    }

    private Object readRecord(RecordTag tag, FrameReader in) throws RejectedMessageException {
        return switch (tag) {
            case WHOLE_SESSION_UPDATE -> new WholeSessionUpdate(readSnapshot(in));
            case ATTRIBUTE_DELTA -> readDelta(in);
            case UPDATE_BUNDLE -> readBundle(in);
            case BACKUP_TRANSFER -> new BackupTransfer(readSnapshots(in));
            case OWNERSHIP_CLAIMS -> new OwnershipClaims(readSnapshots(in));
            case COPY_REMOVAL -> {
                int count = in.readCount("a CopyRemoval's copies", MIN_SESSION_VERSION_BYTES);
                var copies = new ArrayList<SessionVersion>(count);
                for (int i = 0; i < count; i++) {
                    in.countObject();
                    copies.add(readSessionVersion(in));
                }
                yield new CopyRemoval(copies);
            }
            case SESSION_END -> new SessionEnd(readSessionVersion(in), EndCause.INVALIDATED);
            case SESSION_EXPIRED -> new SessionEnd(readSessionVersion(in), EndCause.EXPIRED);
            case GRAVITATION_REQUEST -> new GravitationRequest(readSessionId(in));
            case ACK -> readAck(in);
            case SESSION_SNAPSHOT -> readSnapshot(in);
            case SESSION_METADATA -> new SessionMetadata(readSessionId(in), in.readLong("the metadata's version"),
                    readNodeId(in), in.readLong("the metadata's creation time"),
                    in.readLong("the metadata's last access"), readStrings("the metadata's attribute names", in));
            case VALUE -> values.read(in);
        };
    }

    private Ack readAck(FrameReader in) throws RejectedMessageException {
        int at = in.offset();
        byte status = in.readByte("the ack's status");
        if (status < 0 || status >= STATUSES.length) {
            throw in.malformed("unknown ack status " + status, "byte " + status + " at offset " + at
                    + " is no ack status this build knows");
        }
        return new Ack(STATUSES[status], in.readString("the ack's detail"), readSnapshots(in));
    }

    private UpdateBundle readBundle(FrameReader in) throws RejectedMessageException {
        int count = in.readCount("an UpdateBundle's updates", MIN_UPDATE_BYTES);
        var updates = new ArrayList<SessionUpdate>(count);
        for (int i = 0; i < count; i++) {
            int at = in.offset();
            byte code = in.readByte("a bundled update's tag");
            in.countObject();
            if (code == RecordTag.WHOLE_SESSION_UPDATE.code) {
                updates.add(new WholeSessionUpdate(readSnapshot(in)));
            } else if (code == RecordTag.ATTRIBUTE_DELTA.code) {
                updates.add(readDelta(in));
            } else {
                throw in.malformed("not a session update: tag " + code, "an UpdateBundle holds tag " + code
                        + " at offset " + at + ", which is no session update");
            }
        }
        return new UpdateBundle(updates);
    }

    private AttributeDelta readDelta(FrameReader in) throws RejectedMessageException {
        return new AttributeDelta(readSessionId(in), in.readLong("the delta's version"), readNodeId(in),
                in.readLong("the delta's last access"), readAttributes("the delta's changed attributes", in),
                readStrings("the delta's removed attributes", in));
    }

    private List<SessionSnapshot> readSnapshots(FrameReader in) throws RejectedMessageException {
        int count = in.readCount("a list of sessions", MIN_SNAPSHOT_BYTES);
        var snapshots = new ArrayList<SessionSnapshot>(count);
        for (int i = 0; i < count; i++) {
            in.countObject();
            snapshots.add(readSnapshot(in));
        }
        return snapshots;
    }

    private SessionSnapshot readSnapshot(FrameReader in) throws RejectedMessageException {
        return new SessionSnapshot(readSessionId(in), in.readLong("the session's version"), readNodeId(in),
                in.readLong("the session's creation time"), in.readLong("the session's last access"),
                readSnapshotAttributes(in));
    }

    /**
     * A snapshot's attributes as they arrived ({@link ReceivedAttributes}) when every value is of a raw type, checked
     * now as reading them would check them; otherwise read now, through the allow-list.
     */
    private Map<String, Serializable> readSnapshotAttributes(FrameReader in) throws RejectedMessageException {
        FrameReader.Mark start = in.mark();
        int count = in.readCount(SNAPSHOT_ATTRIBUTES, MIN_ATTRIBUTE_BYTES);
        String[] seen = new String[count];
        for (int i = 0; i < count; i++) {
            in.countObject();
            String name = in.readString("an attribute name", names);
            int at = in.offset();
            if (in.remaining() > 0 && in.peekByte() == ValueTag.NULL.code) {
                throw nullAttribute(in, name, at);
            }
            if (!values.skim(in)) {
                in.reset(start);
                return readAttributes(SNAPSHOT_ATTRIBUTES, in);
            }
            seen[i] = name;
        }
        try {
            Set.of(seen);
        } catch (IllegalArgumentException duplicate) {
            throw duplicateAttribute(in, SNAPSHOT_ATTRIBUTES, duplicate);
        }
        return new ReceivedAttributes(in.keepSince(start), count, this, in.limits());
    }

    /** Reads what {@link #readSnapshotAttributes} kept; they were checked then, so this cannot be refused. */
    Map<String, Serializable> readAttributes(FrameReader.FrameSlice wire, DeserializationLimits limits) {
        var in = new FrameReader(wire.bytes(), wire.offset(), wire.length(), limits);
        try {
            Map<String, Serializable> attributes = readAttributes(SNAPSHOT_ATTRIBUTES, in);
            in.expectEnd();
            return attributes;
        } catch (RejectedMessageException e) {
            throw new IllegalStateException("attributes checked when they arrived cannot be read now", e);
        }
    }

    /**
     * The attributes as the immutable map the snapshot or delta keeps, built once: its constructor's copy then
     * returns it as it is, and a backup's session holds it until its first change of its own.
     */
    private Map<String, Serializable> readAttributes(String what, FrameReader in) throws RejectedMessageException {
        int count = in.readCount(what, MIN_ATTRIBUTE_BYTES);
        @SuppressWarnings("unchecked")
        Map.Entry<String, Serializable>[] attributes = new Map.Entry[count];
        for (int i = 0; i < count; i++) {
            in.countObject();
            String name = in.readString("an attribute name", names);
            int at = in.offset();
            Object value = values.read(in);
            if (value == null) {
                throw nullAttribute(in, name, at);
            }
            if (!(value instanceof Serializable serializable)) {
                throw in.malformed("not serializable: " + value.getClass().getName(),
                        "attribute " + name + " at offset " + at + " is no Serializable");
            }
            attributes[i] = Map.entry(name, serializable);
        }
        try {
            return Map.ofEntries(attributes);
        } catch (IllegalArgumentException duplicate) {
            throw duplicateAttribute(in, what, duplicate);
        }
    }

    private static RejectedMessageException duplicateAttribute(FrameReader in, String what,
                                                               IllegalArgumentException duplicate) {
        return in.malformed("duplicate attribute", what + " name one attribute twice: " + duplicate.getMessage());
    }

    private static RejectedMessageException nullAttribute(FrameReader in, String name, int at) {
        return in.malformed("null attribute", "attribute " + name + " at offset " + at + " is null");
    }

    private static SessionVersion readSessionVersion(FrameReader in) throws RejectedMessageException {
        return new SessionVersion(readSessionId(in), in.readLong("a session version"));
    }

    private static SessionId readSessionId(FrameReader in) throws RejectedMessageException {
        return new SessionId(in.readString("a session id"));
    }

    private static NodeId readNodeId(FrameReader in) throws RejectedMessageException {
        return new NodeId(in.readString("a node name"));
    }

    private static Set<String> readStrings(String what, FrameReader in) throws RejectedMessageException {
        int count = in.readCount(what, MIN_STRING_BYTES);
        Set<String> strings = HashSet.newHashSet(count);
        for (int i = 0; i < count; i++) {
            in.countObject();
            strings.add(in.readString(what));
        }
        return strings;
    }
}

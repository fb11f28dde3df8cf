package io.replsim.replication.marshalling;

import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.message.SessionUpdate;
import io.replsim.replication.message.WholeSessionUpdate;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * replsim's wire format for replication messages and cache values: a {@link FrameHeader}, a {@link RecordTag} and
 * the record's fields written one by one ({@link RecordCodec}), attribute values raw where they are common types
 * and otherwise as small Java serialization streams ({@link ValueCodec}). A Java serialization stream for the whole
 * message cost a fixed ~17 µs per message (class descriptors of the records and collections, rebuilt for every
 * message) and most of the CPU of a 64 KB update (docs/benchmarks.md). Reading is bounded by
 * {@link DeserializationLimits} and any Java serialization stream inside a frame goes through a fresh
 * {@link AllowListFilter}: nothing from the network is deserialized without it. Whatever is wrong with a frame,
 * reading it ends in a {@link RejectedMessageException}.
 */
public final class MessageMarshaller {
    private final DeserializationLimits limits;
    private final ValueCodec values;
    private final RecordCodec records;
    private final MarshalBuffers buffers = new MarshalBuffers();

    public MessageMarshaller(AllowList allowList, DeserializationLimits limits) {
        Objects.requireNonNull(allowList, "allowList");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.values = new ValueCodec(new JavaSerialization(allowList));
        this.records = new RecordCodec(values);
    }

    public static MessageMarshaller standard() {
        return new MessageMarshaller(AllowList.standard(), DeserializationLimits.DEFAULT);
    }

    /** The bounds every unmarshalled message is read within; also the largest frame worth reading at all. */
    public DeserializationLimits limits() {
        return limits;
    }

    public byte[] marshal(Serializable value) {
        try (MarshalledMessage message = marshalInPlace(value)) {
            return message.copy();
        }
    }

    /** Writes into a reused buffer; close the result when its bytes have been sent. */
    public MarshalledMessage marshalInPlace(Serializable value) {
        Objects.requireNonNull(value, "value");
        MarshalBuffers.Buffer buffer = buffers.take();
        try {
            var out = new FrameWriter(buffer, limits);
            FrameHeader.write(out);
            records.write(value, out);
        } catch (RuntimeException e) {
            buffers.giveBack(buffer);
            throw e;
        }
        return new MarshalledMessage(buffers, buffer);
    }

    /**
     * The update with every attribute value that could change in place ({@code byte[]}, {@code long[]}, containers,
     * any other object) replaced by its wire form written now ({@link FrozenValue}); strings and boxed numbers are
     * kept, they cannot change. It reads back as the update would have read now. Call it with the
     * session's lock held, for a delivery that sends later.
     */
    public SessionUpdate frozen(SessionUpdate update) {
        return switch (update) {
            case WholeSessionUpdate whole -> frozen(whole);
            case AttributeDelta delta -> new AttributeDelta(delta.id(), delta.version(), delta.owner(),
                    delta.lastAccessEpochMs(), frozen(delta.changed()), delta.removed());
        };
    }

    /** {@link #frozen(SessionUpdate)} for a whole session. */
    public WholeSessionUpdate frozen(WholeSessionUpdate whole) {
        SessionSnapshot snapshot = whole.snapshot();
        return new WholeSessionUpdate(new SessionSnapshot(snapshot.id(), snapshot.version(), snapshot.owner(),
                snapshot.createdEpochMs(), snapshot.lastAccessEpochMs(), frozen(snapshot.attributes())));
    }

    private Map<String, Serializable> frozen(Map<String, Serializable> attributes) {
        if (attributes instanceof ReceivedAttributes received && !received.decoded()) {
            // Their wire form, in a map of its own: a request may read (and change) the session's before it is sent.
            return received.unreadCopy();
        }
        Map<String, Serializable> frozen = HashMap.newHashMap(attributes.size());
        for (Map.Entry<String, Serializable> attribute : attributes.entrySet()) {
            frozen.put(attribute.getKey(), frozen(attribute.getValue()));
        }
        return frozen;
    }

    private Serializable frozen(Serializable value) {
        Class<?> type = value.getClass();
        if (type == String.class || type == Integer.class || type == Long.class || type == Boolean.class
                || type == Double.class || type == FrozenValue.class) {
            return value;
        }
        MarshalBuffers.Buffer buffer = buffers.take();
        try {
            values.write(value, new FrameWriter(buffer, limits));
            return new FrozenValue(buffer.toByteArray());
        } finally {
            buffers.giveBack(buffer);
        }
    }

    public <T> T unmarshal(byte[] bytes, Class<T> expected) throws RejectedMessageException {
        return unmarshal(bytes, 0, bytes.length, expected);
    }

    /** Reads {@code length} bytes from {@code offset}: a received message's own buffer, without copying it first. */
    public <T> T unmarshal(byte[] bytes, int offset, int length, Class<T> expected) throws RejectedMessageException {
        return unmarshal(bytes, offset, length, FrameBytes.LENT, expected);
    }

    /**
     * Reads {@code length} bytes from {@code offset}; with {@link FrameBytes#HANDED_OVER} what the message keeps may
     * refer to {@code bytes} instead of a copy of them.
     */
    public <T> T unmarshal(byte[] bytes, int offset, int length, FrameBytes ownership, Class<T> expected)
            throws RejectedMessageException {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        if (length > limits.maxStreamBytes()) {
            throw new RejectedMessageException("stream bytes " + length + " > " + limits.maxStreamBytes(),
                    "a frame of " + length + " bytes is larger than the deserialization limit", null);
        }
        var in = new FrameReader(bytes, offset, length, limits, ownership);
        Object value;
        try {
            FrameHeader.check(in);
            value = records.read(in);
            in.expectEnd();
        } catch (RuntimeException e) {
            // A defect of the reader, not of the frame: still the peer's bytes are refused rather than thrown at
            // the transport, and the cause says where.
            throw new RejectedMessageException("malformed frame (" + e.getClass().getSimpleName() + ")",
                    "cannot read the frame: " + e, e);
        }
        if (!expected.isInstance(value)) {
            String offending = value == null ? "null" : value.getClass().getName();
            throw new RejectedMessageException(offending, "expected a " + expected.getName() + ", got " + offending, null);
        }
        return expected.cast(value);
    }
}

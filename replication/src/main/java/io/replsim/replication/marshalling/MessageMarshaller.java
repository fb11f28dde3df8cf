package io.replsim.replication.marshalling;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * Java serialization of replication messages. Reading always goes through a fresh {@link AllowListFilter}: nothing
 * from the network is deserialized without it.
 */
public final class MessageMarshaller {
    private final AllowList allowList;
    private final DeserializationLimits limits;
    private final MarshalBuffers buffers = new MarshalBuffers();

    public MessageMarshaller(AllowList allowList, DeserializationLimits limits) {
        this.allowList = Objects.requireNonNull(allowList, "allowList");
        this.limits = Objects.requireNonNull(limits, "limits");
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

    /** Serializes into a reused buffer; close the result when its bytes have been sent. */
    public MarshalledMessage marshalInPlace(Serializable value) {
        MarshalBuffers.Buffer buffer = buffers.take();
        try (var out = new ObjectOutputStream(buffer)) {
            out.writeObject(value);
        } catch (IOException e) {
            buffers.giveBack(buffer);
            // Writing to memory fails only for a value that is not serializable through and through.
            throw new UncheckedIOException("cannot serialize " + value.getClass().getName() + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            buffers.giveBack(buffer);
            throw e;
        }
        return new MarshalledMessage(buffers, buffer);
    }

    public <T> T unmarshal(byte[] bytes, Class<T> expected) throws RejectedMessageException {
        return unmarshal(bytes, 0, bytes.length, expected);
    }

    /** Reads {@code length} bytes from {@code offset}: a received message's own buffer, without copying it first. */
    public <T> T unmarshal(byte[] bytes, int offset, int length, Class<T> expected) throws RejectedMessageException {
        var filter = new AllowListFilter(allowList, limits);
        Object value;
        try (var in = new ObjectInputStream(new ByteArrayInputStream(bytes, offset, length))) {
            in.setObjectInputFilter(filter);
            value = in.readObject();
        } catch (InvalidClassException e) {
            String offending = filter.refused().orElse(e.classname != null ? e.classname : "invalid class");
            throw new RejectedMessageException(offending, "outside the allow-list or its limits", e);
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            String offending = filter.refused().orElse("malformed stream (" + e.getClass().getSimpleName() + ")");
            throw new RejectedMessageException(offending, "cannot deserialize: " + e.getMessage(), e);
        }
        if (!expected.isInstance(value)) {
            String offending = value == null ? "null" : value.getClass().getName();
            throw new RejectedMessageException(offending, "expected a " + expected.getName() + ", got " + offending, null);
        }
        return expected.cast(value);
    }
}

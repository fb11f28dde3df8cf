package io.replsim.replication.marshalling;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;

/**
 * One attribute value that has no raw encoding (a user's class, a graph of other JDK types) as its own small Java
 * serialization stream inside the frame. Reading goes through a fresh {@link AllowListFilter} every time: nothing
 * from the network is deserialized without it.
 */
final class JavaSerialization {
    private final AllowList allowList;

    JavaSerialization(AllowList allowList) {
        this.allowList = allowList;
    }

    /** Writes the stream in place: a length, then the stream's bytes. */
    void write(Object value, FrameWriter out) {
        int lengthAt = out.reserveInt();
        int start = out.position();
        try {
            var stream = new ObjectOutputStream(out.stream());
            stream.writeObject(value);
            stream.flush();
        } catch (IOException e) {
            // Writing to memory fails only for a value that is not serializable through and through.
            throw new UncheckedIOException("cannot serialize " + value.getClass().getName() + ": " + e.getMessage(), e);
        }
        out.patchInt(lengthAt, out.position() - start);
    }

    /**
     * Reads one stream within {@code limits}, whose depth is what is left below the {@code depth} at which the
     * value sits in the frame.
     */
    Object read(byte[] bytes, int offset, int length, DeserializationLimits limits, int depth)
            throws RejectedMessageException {
        var filter = new AllowListFilter(allowList, new DeserializationLimits(limits.maxDepth() - depth + 1,
                limits.maxReferences(), limits.maxArrayLength(), limits.maxStreamBytes()));
        try (var in = new ObjectInputStream(new ByteArrayInputStream(bytes, offset, length))) {
            in.setObjectInputFilter(filter);
            return in.readObject();
        } catch (InvalidClassException e) {
            String offending = filter.refused().orElse(e.classname != null ? e.classname : "invalid class");
            throw new RejectedMessageException(offending, "outside the allow-list or its limits: " + offending, e);
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            String offending = filter.refused().orElse("malformed serialized value (" + e.getClass().getSimpleName()
                    + ")");
            throw new RejectedMessageException(offending, "cannot deserialize an attribute value: " + e.getMessage(),
                    e);
        }
    }
}

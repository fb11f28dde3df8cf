package io.replsim.replication.marshalling;

import io.replsim.replication.message.EncodedAttributes;

import java.io.Serializable;
import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;

/**
 * A snapshot's attributes as they arrived: their bytes (the count, then each name and value), checked when the
 * frame was read as thoroughly as reading them would, and read at their first use. Only attributes whose values are
 * all of the raw types are kept so ({@link ValueCodec}): a Java serialization stream is judged by the allow-list
 * when its frame arrives, so a class the allow-list refuses is refused to its sender, not found at a takeover.
 */
final class ReceivedAttributes extends AbstractMap<String, Serializable> implements EncodedAttributes {
    /** Object headers of this map, its array and the decoded map's reference: the order of magnitude. */
    private static final long OVERHEAD_BYTES = 64;

    private final FrameReader.FrameSlice wire;
    private final int size;
    private final RecordCodec codec;
    private final DeserializationLimits limits;
    /** Written by whichever thread reads first; two that race decode the same bytes to equal maps. */
    private volatile Map<String, Serializable> decoded;

    ReceivedAttributes(FrameReader.FrameSlice wire, int size, RecordCodec codec, DeserializationLimits limits) {
        this.wire = wire;
        this.size = size;
        this.codec = codec;
        this.limits = limits;
    }

    /** The bytes as a frame holds them, to be written again as they are while {@link #decoded} is false. */
    FrameReader.FrameSlice wire() {
        return wire;
    }

    /** The same bytes in a map nothing else holds, so nothing reads it before it is written. */
    ReceivedAttributes unreadCopy() {
        return new ReceivedAttributes(wire, size, codec, limits);
    }

    /** Whether a read has decoded them. */
    boolean decoded() {
        return decoded != null;
    }

    @Override
    public long heldBytes() {
        return OVERHEAD_BYTES + wire.length();
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public Serializable get(Object name) {
        return attributes().get(name);
    }

    @Override
    public boolean containsKey(Object name) {
        return attributes().containsKey(name);
    }

    @Override
    public Set<Entry<String, Serializable>> entrySet() {
        return attributes().entrySet();
    }

    private Map<String, Serializable> attributes() {
        Map<String, Serializable> attributes = decoded;
        if (attributes == null) {
            attributes = codec.readAttributes(wire, limits);
            decoded = attributes;
        }
        return attributes;
    }
}

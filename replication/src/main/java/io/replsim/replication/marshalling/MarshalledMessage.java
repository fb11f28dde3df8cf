package io.replsim.replication.marshalling;

import java.util.Arrays;

/**
 * A serialized message in a buffer borrowed from the marshaller: read {@link #array()} up to {@link #length()}
 * while it is open; {@link #copy()} what must outlive it (a message JGroups keeps for retransmission).
 */
public final class MarshalledMessage implements AutoCloseable {
    private final MarshalBuffers pool;
    private MarshalBuffers.Buffer buffer;

    MarshalledMessage(MarshalBuffers pool, MarshalBuffers.Buffer buffer) {
        this.pool = pool;
        this.buffer = buffer;
    }

    public byte[] array() {
        return open().array();
    }

    public int length() {
        return open().size();
    }

    public byte[] copy() {
        MarshalBuffers.Buffer open = open();
        return Arrays.copyOf(open.array(), open.size());
    }

    private MarshalBuffers.Buffer open() {
        if (buffer == null) {
            throw new IllegalStateException("the marshalled message was closed: its buffer serves another one");
        }
        return buffer;
    }

    @Override
    public void close() {
        if (buffer != null) {
            pool.giveBack(buffer);
            buffer = null;
        }
    }
}

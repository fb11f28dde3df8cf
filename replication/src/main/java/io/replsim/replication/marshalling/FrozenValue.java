package io.replsim.replication.marshalling;

import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;

/**
 * An attribute value already in its wire form ({@link ValueCodec}), taken while its session was locked: what a
 * delivery sends after the lock is released (async delivery's queue, snapshot mode's interval round) then carries
 * the value as it was, even if a later request changes the object in place. Written into a frame as it is; read on
 * the backup as the value itself. Only {@link MessageMarshaller#frozen} makes one.
 */
public final class FrozenValue implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    private final byte[] wire;

    FrozenValue(byte[] wire) {
        this.wire = wire;
    }

    byte[] wire() {
        return wire;
    }

    /** Only replsim frames carry it: anything else would send the wire bytes, not the value. */
    @Serial
    private void writeObject(ObjectOutputStream out) throws NotSerializableException {
        throw new NotSerializableException("a frozen attribute value travels only in replsim frames");
    }
}

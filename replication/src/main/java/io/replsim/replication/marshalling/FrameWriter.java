package io.replsim.replication.marshalling;

import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Writes a frame's primitives big-endian straight into a reused buffer: no stream object and no lock per field,
 * which is what made {@code DataOutputStream} over a {@code ByteArrayOutputStream} cost more than the bytes.
 */
final class FrameWriter {
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final MarshalBuffers.Buffer buffer;
    private final DeserializationLimits limits;

    FrameWriter(MarshalBuffers.Buffer buffer, DeserializationLimits limits) {
        this.buffer = buffer;
        this.limits = limits;
    }

    /** The limits the reader will apply: the writer stops writing raw containers nested deeper than they allow. */
    DeserializationLimits limits() {
        return limits;
    }

    void writeByte(int value) {
        int at = buffer.claim(1);
        buffer.array()[at] = (byte) value;
    }

    void writeBoolean(boolean value) {
        writeByte(value ? 1 : 0);
    }

    void writeInt(int value) {
        int at = buffer.claim(Integer.BYTES);
        INT.set(buffer.array(), at, value);
    }

    void writeLong(long value) {
        int at = buffer.claim(Long.BYTES);
        LONG.set(buffer.array(), at, value);
    }

    void writeDouble(double value) {
        writeLong(Double.doubleToRawLongBits(value));
    }

    /** A length, then the bytes. */
    void writeBytes(byte[] bytes) {
        writeInt(bytes.length);
        writeVerbatim(bytes);
    }

    /** The bytes alone: what another writer already framed (a {@link FrozenValue}). */
    void writeVerbatim(byte[] bytes) {
        writeVerbatim(bytes, 0, bytes.length);
    }

    void writeVerbatim(byte[] bytes, int offset, int length) {
        int at = buffer.claim(length);
        System.arraycopy(bytes, offset, buffer.array(), at, length);
    }

    /** A length, then the numbers. */
    void writeLongs(long[] numbers) {
        writeInt(numbers.length);
        int at = buffer.claim(Math.multiplyExact(numbers.length, Long.BYTES));
        byte[] array = buffer.array();
        for (long number : numbers) {
            LONG.set(array, at, number);
            at += Long.BYTES;
        }
    }

    /**
     * UTF-8 with its byte length first. A string holding an unpaired surrogate half (not text) arrives with '?'
     * in its place, as {@link String#getBytes} encodes it.
     */
    void writeString(String value) {
        writeBytes(value.getBytes(StandardCharsets.UTF_8));
    }

    int position() {
        return buffer.size();
    }

    /** Drops what was written since {@code position}: a value started raw that must travel otherwise. */
    void rewindTo(int position) {
        buffer.truncate(position);
    }

    /** Reserves four bytes for a length known only after what follows is written; see {@link #patchInt}. */
    int reserveInt() {
        return buffer.claim(Integer.BYTES);
    }

    void patchInt(int at, int value) {
        INT.set(buffer.array(), at, value);
    }

    /** The frame as a stream, for a value written by Java serialization in place. */
    OutputStream stream() {
        return buffer;
    }
}

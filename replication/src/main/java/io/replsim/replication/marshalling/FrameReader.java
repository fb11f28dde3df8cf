package io.replsim.replication.marshalling;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads one frame's primitives with every bound checked before anything is allocated: a length must be
 * non-negative, within {@link DeserializationLimits#maxArrayLength()} and backed by the bytes still in the frame,
 * so a frame can never make the reader allocate more than a small multiple of its own size. Every failure is a
 * {@link RejectedMessageException} that says what was being read and at which offset.
 */
final class FrameReader {
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final byte[] bytes;
    private final int start;
    private final int end;
    private final DeserializationLimits limits;
    private final FrameBytes ownership;
    private int position;
    private long references;

    FrameReader(byte[] bytes, int offset, int length, DeserializationLimits limits) {
        this(bytes, offset, length, limits, FrameBytes.LENT);
    }

    FrameReader(byte[] bytes, int offset, int length, DeserializationLimits limits, FrameBytes ownership) {
        this.ownership = ownership;
        this.bytes = bytes;
        this.start = offset;
        this.end = offset + length;
        this.position = offset;
        this.limits = limits;
    }

    DeserializationLimits limits() {
        return limits;
    }

    /** Where the next byte is, counted from the frame's first byte. */
    int offset() {
        return position - start;
    }

    int remaining() {
        return end - position;
    }

    byte readByte(String what) throws RejectedMessageException {
        need(1, what);
        return bytes[position++];
    }

    /** The next byte, not read yet; the caller checked one is left. */
    byte peekByte() {
        return bytes[position];
    }

    boolean readBoolean(String what) throws RejectedMessageException {
        int at = offset();
        byte value = readByte(what);
        if (value != 0 && value != 1) {
            throw malformed("bad boolean", what + " at offset " + at + " is " + value + ", not 0 or 1");
        }
        return value == 1;
    }

    int readInt(String what) throws RejectedMessageException {
        return readInt(what, "");
    }

    /** {@code what} and {@code suffix} name the field; they are joined only for a frame cut inside it. */
    private int readInt(String what, String suffix) throws RejectedMessageException {
        need(Integer.BYTES, what, suffix);
        int value = (int) INT.get(bytes, position);
        position += Integer.BYTES;
        return value;
    }

    long readLong(String what) throws RejectedMessageException {
        need(Long.BYTES, what);
        long value = (long) LONG.get(bytes, position);
        position += Long.BYTES;
        return value;
    }

    double readDouble(String what) throws RejectedMessageException {
        return Double.longBitsToDouble(readLong(what));
    }

    /**
     * A count of elements that each take at least {@code minBytesEach} bytes of the frame: refused when negative,
     * over the array-length limit, or more than the rest of the frame can hold.
     */
    int readCount(String what, int minBytesEach) throws RejectedMessageException {
        int at = offset();
        // the suffix apart: a name joined on every count read cost a backup 1.6% of its stream threads' samples
        int count = readInt(what, " length");
        if (count < 0) {
            throw malformed("negative length " + count, what + " at offset " + at + " has length " + count);
        }
        if (count > limits.maxArrayLength()) {
            throw new RejectedMessageException("array length " + count + " > " + limits.maxArrayLength(),
                    what + " at offset " + at + " is longer than the deserialization limit", null);
        }
        if ((long) count * minBytesEach > remaining()) {
            throw malformed("truncated frame", what + " at offset " + at + " claims " + count + " elements of at least "
                    + minBytesEach + " bytes, but only " + remaining() + " bytes are left");
        }
        return count;
    }

    byte[] readBytes(String what) throws RejectedMessageException {
        int length = readCount(what, 1);
        byte[] value = Arrays.copyOfRange(bytes, position, position + length);
        position += length;
        return value;
    }

    long[] readLongs(String what) throws RejectedMessageException {
        int length = readCount(what, Long.BYTES);
        long[] value = new long[length];
        for (int i = 0; i < length; i++) {
            value[i] = (long) LONG.get(bytes, position);
            position += Long.BYTES;
        }
        return value;
    }

    String readString(String what) throws RejectedMessageException {
        int length = readCount(what, 1);
        String value = new String(bytes, position, length, StandardCharsets.UTF_8);
        position += length;
        return value;
    }

    /** A string as {@link #readString(String)} reads it, the same String as before when {@code names} kept it. */
    String readString(String what, AttributeNames names) throws RejectedMessageException {
        int length = readCount(what, 1);
        String value = names.read(bytes, position, length);
        position += length;
        return value;
    }

    /**
     * Hands {@code length} bytes in place to a reader of its own (a Java serialization stream) and moves past
     * them; the caller checked the length with {@link #readCount}.
     */
    <T> T readEmbedded(int length, EmbeddedReader<T> reader) throws RejectedMessageException {
        int at = position;
        position += length;
        return reader.read(bytes, at, length);
    }

    /**
     * Moves past {@code length} bytes the caller counted with {@link #readCount} or knows the size of; refused when
     * the frame ends before.
     */
    void skip(int length, String what) throws RejectedMessageException {
        need(length, what);
        position += length;
    }

    /** Where the reader is now, and how many objects it has counted: {@link #reset} returns to it. */
    Mark mark() {
        return new Mark(position, references);
    }

    /** Reads again from {@code mark}, counting the objects after it again. */
    void reset(Mark mark) {
        position = mark.position();
        references = mark.references();
    }

    /**
     * The bytes read since {@code mark}, to keep: in the frame itself when it was handed over and they are at least
     * half of it, otherwise a copy.
     */
    FrameSlice keepSince(Mark mark) {
        int length = position - mark.position();
        if (ownership == FrameBytes.HANDED_OVER && 2L * length >= end - start) {
            return new FrameSlice(bytes, mark.position(), length);
        }
        return new FrameSlice(Arrays.copyOfRange(bytes, mark.position(), position), 0, length);
    }

    /** Counts one decoded object against {@link DeserializationLimits#maxReferences()}. */
    void countObject() throws RejectedMessageException {
        if (++references > limits.maxReferences()) {
            throw new RejectedMessageException("references " + references + " > " + limits.maxReferences(),
                    "the frame holds more objects than the deserialization limit, at offset " + offset(), null);
        }
    }

    void expectEnd() throws RejectedMessageException {
        if (position != end) {
            throw malformed("trailing bytes", remaining() + " bytes after the message's end at offset " + offset());
        }
    }

    RejectedMessageException malformed(String offending, String detail) {
        return new RejectedMessageException(offending, "malformed frame: " + detail, null);
    }

    private void need(int count, String what) throws RejectedMessageException {
        need(count, what, "");
    }

    private void need(int count, String what, String suffix) throws RejectedMessageException {
        if (end - position < count) {
            throw malformed("truncated frame", "frame of " + (end - start) + " bytes ends at offset " + offset()
                    + " while reading " + what + suffix + " (" + count + " bytes needed)");
        }
    }

    record Mark(int position, long references) {
    }

    /** Bytes of a frame kept after it was read; never written. */
    record FrameSlice(byte[] bytes, int offset, int length) {
    }

    /** Reads bytes that the frame holds in place. */
    @FunctionalInterface
    interface EmbeddedReader<T> {
        T read(byte[] bytes, int offset, int length) throws RejectedMessageException;
    }
}

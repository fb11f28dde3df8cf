package io.replsim.replication.marshalling;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Attribute values on the wire. The types sessions mostly hold (null, {@code byte[]}, {@code long[]},
 * {@code String}, {@code Integer}, {@code Long}, {@code Boolean}, {@code Double}, and {@code ArrayList}/{@code HashMap}
 * of them)
 * are written raw, with no class descriptors; any other value goes through {@link JavaSerialization} and the
 * allow-list. Raw means the exact class: a subclass of {@code HashMap} is a class of its own and goes through the
 * allow-list like any other. Raw containers do not keep shared references: an object held twice arrives as two
 * equal copies.
 */
final class ValueCodec {
    /** Two tag bytes: the least a map entry takes on the wire. */
    private static final int MIN_ENTRY_BYTES = 2;

    private final JavaSerialization serialization;

    ValueCodec(JavaSerialization serialization) {
        this.serialization = serialization;
    }

    /**
     * Writes one attribute value. One nested deeper than the reader's depth limit (or a container holding itself)
     * is written again from its start as a Java serialization stream, which keeps cycles as references and whose
     * depth the reader's filter judges.
     */
    void write(Object value, FrameWriter out) {
        if (value instanceof FrozenValue frozen) {
            out.writeVerbatim(frozen.wire());
            return;
        }
        int start = out.position();
        try {
            writeRaw(value, out, 1);
        } catch (TooDeepForRaw e) {
            out.rewindTo(start);
            writeSerialized(value, out);
        }
    }

    private void writeRaw(Object value, FrameWriter out, int depth) {
        if (depth > out.limits().maxDepth()) {
            throw TooDeepForRaw.INSTANCE;
        }
        if (value == null) {
            out.writeByte(ValueTag.NULL.code);
            return;
        }
        Class<?> type = value.getClass();
        if (type == byte[].class) {
            out.writeByte(ValueTag.BYTES.code);
            out.writeBytes((byte[]) value);
        } else if (type == long[].class) {
            // A counter kept in a long[] is common (mutable in place); as a serialization stream it cost a node
            // more CPU to read than the rest of a 3 KB update (class descriptor lookup on every read).
            out.writeByte(ValueTag.LONGS.code);
            out.writeLongs((long[]) value);
        } else if (type == String.class) {
            out.writeByte(ValueTag.STRING.code);
            out.writeString((String) value);
        } else if (type == Integer.class) {
            out.writeByte(ValueTag.INTEGER.code);
            out.writeInt((Integer) value);
        } else if (type == Long.class) {
            out.writeByte(ValueTag.LONG.code);
            out.writeLong((Long) value);
        } else if (type == Boolean.class) {
            out.writeByte(ValueTag.BOOLEAN.code);
            out.writeBoolean((Boolean) value);
        } else if (type == Double.class) {
            out.writeByte(ValueTag.DOUBLE.code);
            out.writeDouble((Double) value);
        } else if (type == ArrayList.class) {
            List<?> list = (List<?>) value;
            out.writeByte(ValueTag.ARRAY_LIST.code);
            out.writeInt(list.size());
            for (Object element : list) {
                writeRaw(element, out, depth + 1);
            }
        } else if (type == HashMap.class) {
            Map<?, ?> map = (Map<?, ?>) value;
            out.writeByte(ValueTag.HASH_MAP.code);
            out.writeInt(map.size());
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                writeRaw(entry.getKey(), out, depth + 1);
                writeRaw(entry.getValue(), out, depth + 1);
            }
        } else {
            writeSerialized(value, out);
        }
    }

    private void writeSerialized(Object value, FrameWriter out) {
        out.writeByte(ValueTag.SERIALIZED.code);
        serialization.write(value, out);
    }

    Object read(FrameReader in) throws RejectedMessageException {
        return read(in, 1);
    }

    private Object read(FrameReader in, int depth) throws RejectedMessageException {
        ValueTag tag = readTag(in, depth);
        if (tag == ValueTag.NULL) {
            return null;
        }
        in.countObject();
        return switch (tag) {
            case NULL -> null;
            case BYTES -> in.readBytes("a byte[] value");
            case LONGS -> in.readLongs("a long[] value");
            case STRING -> in.readString("a String value");
            case INTEGER -> in.readInt("an Integer value");
            case LONG -> in.readLong("a Long value");
            case BOOLEAN -> in.readBoolean("a Boolean value");
            case DOUBLE -> in.readDouble("a Double value");
            case ARRAY_LIST -> readList(in, depth);
            case HASH_MAP -> readMap(in, depth);
            case SERIALIZED -> in.readEmbedded(in.readCount("a serialized value", 1),
                    (bytes, offset, length) -> serialization.read(bytes, offset, length, in.limits(), depth));
        };
    }

    /**
     * Walks one value as {@link #read} reads it, refusing what it refuses but building nothing: true when
     * {@link #read} would then read it without fail, false (the reader somewhere inside it) when it holds a Java
     * serialization stream, which is judged by the allow-list as it is read.
     */
    boolean skim(FrameReader in) throws RejectedMessageException {
        return skim(in, 1);
    }

    private boolean skim(FrameReader in, int depth) throws RejectedMessageException {
        ValueTag tag = readTag(in, depth);
        if (tag == ValueTag.NULL) {
            return true;
        }
        in.countObject();
        switch (tag) {
            case NULL -> { }
            case BYTES -> in.skip(in.readCount("a byte[] value", 1), "a byte[] value");
            case LONGS -> in.skip(in.readCount("a long[] value", Long.BYTES) * Long.BYTES, "a long[] value");
            case STRING -> in.skip(in.readCount("a String value", 1), "a String value");
            case INTEGER -> in.skip(Integer.BYTES, "an Integer value");
            case LONG -> in.skip(Long.BYTES, "a Long value");
            case BOOLEAN -> in.readBoolean("a Boolean value");
            case DOUBLE -> in.skip(Long.BYTES, "a Double value");
            case ARRAY_LIST -> {
                int size = in.readCount("an ArrayList value", 1);
                for (int i = 0; i < size; i++) {
                    if (!skim(in, depth + 1)) {
                        return false;
                    }
                }
            }
            case HASH_MAP -> {
                int size = in.readCount("a HashMap value", MIN_ENTRY_BYTES);
                for (int i = 0; i < size; i++) {
                    if (!skim(in, depth + 1) || !skim(in, depth + 1)) {
                        return false;
                    }
                }
            }
            case SERIALIZED -> {
                return false;
            }
        }
        return true;
    }

    /** The next value's tag: refused when the value is nested deeper than the limit, or the tag is unknown. */
    private static ValueTag readTag(FrameReader in, int depth) throws RejectedMessageException {
        if (depth > in.limits().maxDepth()) {
            throw new RejectedMessageException("depth " + depth + " > " + in.limits().maxDepth(),
                    "a value at offset " + in.offset() + " is nested deeper than the deserialization limit", null);
        }
        int at = in.offset();
        byte code = in.readByte("a value tag");
        ValueTag tag = ValueTag.of(code);
        if (tag == null) {
            throw in.malformed("unknown value tag " + code, "byte " + code + " at offset " + at
                    + " is no value tag this build knows");
        }
        return tag;
    }

    private ArrayList<Object> readList(FrameReader in, int depth) throws RejectedMessageException {
        int size = in.readCount("an ArrayList value", 1);
        var list = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            list.add(read(in, depth + 1));
        }
        return list;
    }

    private HashMap<Object, Object> readMap(FrameReader in, int depth) throws RejectedMessageException {
        int size = in.readCount("a HashMap value", MIN_ENTRY_BYTES);
        HashMap<Object, Object> map = HashMap.newHashMap(size);
        for (int i = 0; i < size; i++) {
            Object key = read(in, depth + 1);
            map.put(key, read(in, depth + 1));
        }
        return map;
    }

    /** A value nested too deep to write raw: unwinds to the attribute's start, so no stack trace. */
    private static final class TooDeepForRaw extends RuntimeException {
        static final TooDeepForRaw INSTANCE = new TooDeepForRaw();

        private TooDeepForRaw() {
            super("nested deeper than the depth limit", null, false, false);
        }
    }
}

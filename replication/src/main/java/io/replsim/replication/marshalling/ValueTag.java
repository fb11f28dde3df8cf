package io.replsim.replication.marshalling;

/**
 * The first byte of an attribute value on the wire. The raw tags cover what sessions mostly hold; anything else
 * travels as {@link #SERIALIZED}, its own Java serialization stream, read back only through the allow-list.
 * The codes are the wire format: never renumber one, add new ones at the end (and raise the frame version).
 */
enum ValueTag {
    NULL(0),
    BYTES(1),
    STRING(2),
    INTEGER(3),
    LONG(4),
    BOOLEAN(5),
    DOUBLE(6),
    ARRAY_LIST(7),
    HASH_MAP(8),
    SERIALIZED(9),
    LONGS(10);

    private static final ValueTag[] BY_CODE = values();

    final byte code;

    ValueTag(int code) {
        this.code = (byte) code;
    }

    /** The tag with this code, or null for a byte that is no tag. */
    static ValueTag of(byte code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    static {
        for (ValueTag tag : BY_CODE) {
            if (tag.code != tag.ordinal()) {
                throw new AssertionError("value tags are numbered in order: " + tag);
            }
        }
    }
}

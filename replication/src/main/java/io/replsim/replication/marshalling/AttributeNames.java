package io.replsim.replication.marshalling;

import java.nio.charset.StandardCharsets;

/**
 * The attribute names frames have carried, so that a name read again is the same String: a session's names come
 * back in every update of it, and an app's sessions share theirs. A name met before costs no allocation and no
 * decoding, and its hash, computed once, serves every map it keys (the decoded attributes, the session's own).
 *
 * <p>A fixed table indexed by the bytes' hash, shared by every thread that reads frames without a lock: a slot
 * holds the last name that hashed to it, and a String is immutable (its fields final), so a racy read sees one
 * whole name or another, which is compared with the bytes before it is used. Only short ASCII names are kept, so
 * the table holds at most {@code SLOTS × MAX_KEPT_LENGTH} characters whatever the frames carry.
 */
final class AttributeNames {
    private static final int SLOTS = 1024;
    private static final int MAX_KEPT_LENGTH = 64;

    private final String[] slots = new String[SLOTS];

    /** The name in {@code bytes[offset, offset + length)}, UTF-8: a String met before when it is one. */
    String read(byte[] bytes, int offset, int length) {
        if (length > MAX_KEPT_LENGTH) {
            return new String(bytes, offset, length, StandardCharsets.UTF_8);
        }
        int hash = 0;
        int nonAscii = 0;
        for (int i = offset; i < offset + length; i++) {
            byte b = bytes[i];
            nonAscii |= b;
            hash = 31 * hash + b;
        }
        if (nonAscii < 0) {
            return new String(bytes, offset, length, StandardCharsets.UTF_8);
        }
        int slot = (hash ^ hash >>> 16) & (SLOTS - 1);
        String kept = slots[slot];
        if (kept != null && sameAscii(kept, bytes, offset, length)) {
            return kept;
        }
        // ASCII: ISO-8859-1 decodes it as UTF-8 would, without the check for multi-byte sequences
        String name = new String(bytes, offset, length, StandardCharsets.ISO_8859_1);
        slots[slot] = name;
        return name;
    }

    private static boolean sameAscii(String name, byte[] bytes, int offset, int length) {
        if (name.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (name.charAt(i) != bytes[offset + i]) {
                return false;
            }
        }
        return true;
    }
}

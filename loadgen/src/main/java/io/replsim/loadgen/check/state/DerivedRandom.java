package io.replsim.loadgen.check.state;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * The session content the replsim apps derive from the session id, an attribute's name and the serial that wrote
 * it (docs/interfaces.md §2, "Derived content"), computed here from the document, not from the node's code: a
 * SplitMix64 stream seeded with the first 8 bytes (big-endian) of SHA-256 of {@code "<session>|<name>|<version>"}.
 */
final class DerivedRandom {
    private long state;

    DerivedRandom(String session, String name, long version) {
        byte[] seed = (session + "|" + name + "|" + version).getBytes(StandardCharsets.UTF_8);
        try {
            state = ByteBuffer.wrap(MessageDigest.getInstance("SHA-256").digest(seed)).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    static byte[] bytes(String session, String name, long version, int length) {
        var random = new DerivedRandom(session, name, version);
        ByteBuffer out = ByteBuffer.allocate((length + 7) / 8 * 8);
        while (out.hasRemaining()) {
            out.putLong(random.next());
        }
        return Arrays.copyOf(out.array(), length);
    }

    long next() {
        state += 0x9E3779B97F4A7C15L;
        long z = state;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** From 0 (inclusive) to {@code bound} (exclusive): the next value's floor modulus. */
    long below(long bound) {
        return Math.floorMod(next(), bound);
    }
}

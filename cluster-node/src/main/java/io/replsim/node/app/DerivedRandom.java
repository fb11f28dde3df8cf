package io.replsim.node.app;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The random-looking content of a session (payloads, attribute values, cart lines), derived from what the load
 * driver knows: the session id, the attribute's name and the serial at which it was written (docs/interfaces.md §2,
 * "Derived content"). So the driver can compute the state it expects without being sent it. A SplitMix64 stream
 * seeded with the first 8 bytes of SHA-256 of {@code "<session>|<name>|<version>"}: incompressible like random
 * bytes, and cheap.
 */
public final class DerivedRandom {
    private long state;

    DerivedRandom(String session, String name, long version) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest((session + "|" + name + "|" + version).getBytes(StandardCharsets.UTF_8));
            this.state = ByteBuffer.wrap(hash, 0, Long.BYTES).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** {@code length} bytes of the session's content named {@code name} as written at {@code version}. */
    public static byte[] bytes(String session, String name, long version, int length) {
        byte[] bytes = new byte[length];
        new DerivedRandom(session, name, version).fill(bytes);
        return bytes;
    }

    long next() {
        long z = state += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The next value from 0 (inclusive) to {@code bound} (exclusive). */
    long below(long bound) {
        return Math.floorMod(next(), bound);
    }

    /** Fills {@code into} with the stream's next values, each 8 bytes big-endian, the last one cut short. */
    void fill(byte[] into) {
        for (int i = 0; i < into.length; i += Long.BYTES) {
            long value = next();
            for (int b = 0; b < Long.BYTES && i + b < into.length; b++) {
                into[i + b] = (byte) (value >>> (56 - 8 * b));
            }
        }
    }
}

package io.replsim.probe;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The content replsim derives from a session id, an attribute's name and the serial that wrote it
 * (docs/interfaces.md §2, "Derived content"): a SplitMix64 stream seeded with the first 8 bytes of SHA-256 of
 * {@code "<session>|<name>|<version>"}, its values' bytes big-endian. The driver computes the same bytes from the
 * document, so it knows every byte a session must hold.
 */
final class DerivedBytes {

    private DerivedBytes() {
    }

    static byte[] of(String session, String name, long version, int length) {
        byte[] seed = (session + "|" + name + "|" + version).getBytes(StandardCharsets.UTF_8);
        long state = ByteBuffer.wrap(StateDigest.sha256().digest(seed)).getLong();
        ByteBuffer out = ByteBuffer.allocate((length + 7) / 8 * 8);
        while (out.hasRemaining()) {
            state += 0x9E3779B97F4A7C15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            out.putLong(z ^ (z >>> 31));
        }
        return Arrays.copyOf(out.array(), length);
    }
}

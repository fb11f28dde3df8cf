package io.replsim.loadgen.exchange;

import java.util.Arrays;

/**
 * The String one place in a connection's answers held last (a header's value, a reply's field), given again while
 * the same bytes come there again: a connection's answers mostly name the same node, session and digest, and a
 * compare costs less than a decode, its two allocations and, later, the hash of a new String. The last value is
 * one immutable pair, so a reader racing another (a blocking connection is back in its pool while its answer's
 * body is still read) at worst misses, and never pairs one value's bytes with another's String.
 */
final class RepeatedText {

    private record Seen(byte[] bytes, String text) {
    }

    private Seen last;

    /** The String last {@link #keep kept} here if its bytes were {@code in[start, end)}, else null. */
    String reuse(byte[] in, int start, int end) {
        Seen seen = last;
        return seen != null && Arrays.equals(in, start, end, seen.bytes, 0, seen.bytes.length) ? seen.text : null;
    }

    /** {@code text}, the decoding of {@code in[start, end)}, kept for the next {@link #reuse}. */
    String keep(byte[] in, int start, int end, String text) {
        last = new Seen(Arrays.copyOfRange(in, start, end), text);
        return text;
    }
}

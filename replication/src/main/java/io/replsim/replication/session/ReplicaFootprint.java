package io.replsim.replication.session;

import io.replsim.replication.message.EncodedAttributes;

import java.io.Serializable;
import java.util.Collection;
import java.util.Map;

/**
 * An estimate of the heap a session's attributes hold, cheap enough to update on every applied replica: payload
 * bytes plus a fixed overhead per object, not a heap walk. Good for comparing placements and shapes (how much a
 * node spends holding others' sessions), not for sizing a heap to the byte.
 */
final class ReplicaFootprint {
    /** Object header, a reference to it and a little padding: the order of magnitude on a 64-bit JVM. */
    private static final long PER_OBJECT = 24;
    private static final int MAX_DEPTH = 8;

    private ReplicaFootprint() {
    }

    static long of(Map<String, Serializable> attributes) {
        if (attributes instanceof EncodedAttributes encoded) {
            return encoded.heldBytes(); // measuring the values would decode them
        }
        long bytes = PER_OBJECT;
        for (Map.Entry<String, Serializable> entry : attributes.entrySet()) {
            bytes += PER_OBJECT + of(entry.getKey(), 0) + of(entry.getValue(), 0);
        }
        return bytes;
    }

    private static long of(Object value, int depth) {
        if (value == null || depth > MAX_DEPTH) {
            return 0;
        }
        return PER_OBJECT + switch (value) {
            case byte[] array -> array.length;
            case long[] array -> 8L * array.length;
            case int[] array -> 4L * array.length;
            case String text -> 2L * text.length();
            case Collection<?> items -> items.stream().mapToLong(item -> of(item, depth + 1)).sum();
            case Map<?, ?> map -> map.entrySet().stream()
                    .mapToLong(entry -> PER_OBJECT + of(entry.getKey(), depth + 1) + of(entry.getValue(), depth + 1))
                    .sum();
            default -> 16;
        };
    }
}

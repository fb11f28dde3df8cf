package io.replsim.replication;

import java.util.Arrays;
import java.util.Locale;

/**
 * Whether a request waits for its backups: SYNC answers only after every backup acknowledged the change; ASYNC
 * answers at once and the change follows from a queue, so a crash can lose what is still queued.
 */
public enum DeliveryKind {
    SYNC,
    ASYNC;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static DeliveryKind parse(String text) {
        return Arrays.stream(values()).filter(d -> d.label().equalsIgnoreCase(text.trim())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown delivery \"" + text + "\"; expected one of: sync, async"));
    }
}

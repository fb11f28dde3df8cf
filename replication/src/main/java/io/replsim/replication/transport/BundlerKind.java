package io.replsim.replication.transport;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How the transport batches outgoing messages, by JGroups' own names for its bundlers: one queue for every
 * destination, a queue per destination (JGroups 5.5's default), or none (each message sent on its own, as JBoss AS
 * 5's {@code enable_bundling=false}).
 */
public enum BundlerKind {
    TRANSFER_QUEUE("transfer-queue"),
    PER_DESTINATION("per-destination"),
    NO_BUNDLER("no-bundler");

    private final String label;

    BundlerKind(String label) {
        this.label = label;
    }

    /** JGroups' {@code bundler_type} for it. */
    public String label() {
        return label;
    }

    public static String labels() {
        return Arrays.stream(values()).map(BundlerKind::label).collect(Collectors.joining(", "));
    }

    public static BundlerKind parse(String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(kind -> kind.label.equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown bundler \"" + text + "\"; expected one of: "
                        + labels()));
    }
}

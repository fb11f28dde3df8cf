package io.replsim.replication;

import java.util.Arrays;
import java.util.Locale;

/** What travels on a replication: the whole session (GlassFish's "full session" scope). */
public enum Granularity {
    SESSION;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Granularity parse(String text) {
        return Arrays.stream(values()).filter(g -> g.label().equalsIgnoreCase(text.trim())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown granularity \"" + text + "\"; expected one of: session"));
    }
}

package io.replsim.replication;

import java.util.Arrays;
import java.util.Locale;

/**
 * What travels on a replication: the whole session (GlassFish's "full session" scope, JBoss's SESSION), or only
 * the attributes that are dirty plus removals and metadata (JBoss's ATTRIBUTE, GlassFish's "modified-attribute").
 */
public enum GranularityKind {
    SESSION,
    ATTRIBUTE;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static GranularityKind parse(String text) {
        return Arrays.stream(values()).filter(g -> g.label().equalsIgnoreCase(text.trim())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown granularity \"" + text + "\"; expected one of: session, attribute"));
    }
}

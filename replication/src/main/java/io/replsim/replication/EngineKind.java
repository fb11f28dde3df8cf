package io.replsim.replication;

import java.util.Arrays;
import java.util.Locale;

/**
 * What carries the sessions between members: replsim's own JGroups engine (JBoss AS 5 semantics: an owner, buddies,
 * data gravitation), or an embedded Infinispan cache (WildFly's way: REPL or DIST caches, entries placed by a
 * consistent hash). Both serve the same node API.
 */
public enum EngineKind {
    JGROUPS,
    INFINISPAN;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static EngineKind parse(String text) {
        return Arrays.stream(values()).filter(e -> e.label().equalsIgnoreCase(text.trim())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown engine \"" + text + "\"; expected one of: jgroups, infinispan"));
    }
}

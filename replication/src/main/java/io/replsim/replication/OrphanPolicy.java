package io.replsim.replication;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What survivors do with orphans, the sessions whose owner left the view. {@link #ON_REQUEST} is JBoss's way: each
 * waits on its holders until a request for it gravitates it. {@link #ADOPT} takes them over at the view change.
 */
public enum OrphanPolicy {
    /** An orphan is taken over by the member its next request reaches. */
    ON_REQUEST,
    /**
     * At the view change, the dead owner's backup that placement names (one of them, by the session's hash, when
     * there are several) becomes the owner and replicates to its own backups, restoring the backup count before any
     * request comes.
     */
    ADOPT;

    /** {@code on-request}: the scenario file's and the command line's spelling. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static OrphanPolicy parse(String text) {
        return Arrays.stream(values()).filter(policy -> policy.label().equals(text.trim().toLowerCase(Locale.ROOT)))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("unknown orphan policy \"" + text
                        + "\"; expected one of: " + Arrays.stream(values()).map(OrphanPolicy::label)
                        .collect(Collectors.joining(", "))));
    }
}

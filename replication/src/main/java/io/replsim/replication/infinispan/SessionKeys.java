package io.replsim.replication.infinispan;

import io.replsim.replication.SessionId;

/**
 * The cache keys of a session: its id for the session entry (or, per attribute, its metadata entry), and
 * {@code id.name} for each attribute. A session id never contains a '.', so the part before the first '.' names the
 * session of any key, and {@link SessionGroups} keeps all of a session's entries on the same owners.
 */
final class SessionKeys {
    private static final char SEPARATOR = '.';

    private SessionKeys() {
    }

    static String session(SessionId id) {
        return id.value();
    }

    static String attribute(SessionId id, String name) {
        return id.value() + SEPARATOR + name;
    }

    /** True for a session (or metadata) entry, false for an attribute entry. */
    static boolean isSession(String key) {
        return key.indexOf(SEPARATOR) < 0;
    }

    static String sessionOf(String key) {
        int separator = key.indexOf(SEPARATOR);
        return separator < 0 ? key : key.substring(0, separator);
    }
}

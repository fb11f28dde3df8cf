package io.replsim.node.app;

import io.replsim.replication.session.Session;

/**
 * The node holds the session but cannot read its state: an attribute the app needs is missing or of another type
 * (a replica that missed or damaged it). Answered as a {@code 500} with {@code X-Replsim-Session: unreadable}
 * (docs/interfaces.md §2), so the load driver counts the session FAILED instead of an anonymous server error.
 */
final class UnreadableSessionException extends RuntimeException {

    UnreadableSessionException(Session session, String why) {
        super("session " + session.id() + " is unreadable: " + why);
    }

    /** The attribute {@code name} as a {@code type}, read as a request reads it (the trigger may mark it dirty). */
    static <T> T attribute(Session session, String name, Class<T> type) {
        return checked(session, name, type, session.getAttribute(name).orElse(null));
    }

    /** The attribute {@code name} as a {@code type}, peeked: never marked dirty, whatever the trigger. */
    static <T> T peeked(Session session, String name, Class<T> type) {
        return checked(session, name, type, session.peekAttribute(name).orElse(null));
    }

    private static <T> T checked(Session session, String name, Class<T> type, Object value) {
        if (value == null) {
            throw new UnreadableSessionException(session, "no attribute " + name);
        }
        if (!type.isInstance(value)) {
            throw new UnreadableSessionException(session, "attribute " + name + " is a "
                    + value.getClass().getName() + ", expected a " + type.getName());
        }
        return type.cast(value);
    }
}

package io.replsim.probe;

import java.util.Map;
import java.util.Optional;

/**
 * The {@code /session} page's work on one session (docs/interfaces.md §2e): a new session gets serial 1 and every
 * attribute; a known one gets serial + 1 and its share of attributes replaced, each through {@code setAttribute};
 * a read-only request changes nothing. A writing request of a recorded history also appends its id to the session's
 * list ({@link RequestList}). Before and after, the session is compared with what its serial says it must hold, and
 * the digest of all of it is answered.
 */
final class SessionProbe {

    private SessionProbe() {
    }

    /** How a request treats a session it finds. */
    enum Mode {
        /** Replace the share of attributes through setAttribute, as an application should. */
        WRITE,
        /** Change nothing. */
        READ_ONLY,
        /**
         * The bug switch ({@code &inplace}, replsim's profile {@code mutateInPlace}): overwrite the bytes of the
         * attributes it read and call setAttribute for the serial only, so a manager that replicates what
         * setAttribute names never sends them; the same content, so only a failover shows it.
         */
        IN_PLACE
    }

    static ProbeOutcome handle(SessionView session, String id, boolean created, ProbeShape shape, boolean readOnly) {
        return handle(session, id, created, shape, readOnly ? Mode.READ_ONLY : Mode.WRITE, Optional.empty());
    }

    /**
     * @param id       the session id without its route (the seed of its content)
     * @param created  whether the server made the session for this request
     * @param mode     how it treats a session it finds (a new session is always filled through setAttribute)
     * @param recorded the request of a recorded history it is, if it is one: its answer shows the session's list, to
     *                 which it appends its id unless it is read-only or a logout
     */
    static ProbeOutcome handle(SessionView session, String id, boolean created, ProbeShape shape, Mode mode,
                               Optional<RecordedRequest> recorded) {
        boolean readOnly = mode == Mode.READ_ONLY;
        ProbeContent content = new ProbeContent(id, shape);
        Damage read;
        long serial;
        if (created) {
            serial = 1;
            read = Damage.none();
            write(session, content, serial);
        } else {
            Object stored = session.get(ProbeContent.SERIAL);
            if (!(stored instanceof Long held)) {
                return new ProbeOutcome.Unreadable(stored == null ? "no attribute serial"
                        : "the attribute serial is a " + stored.getClass().getName() + ", not a Long");
            }
            Map<String, Object> before = session.attributes();
            try {
                read = Damage.between(content.at(held), before);
            } catch (StateDigest.UnknownAttributeType e) {
                return new ProbeOutcome.Unreadable(e.getMessage());
            }
            serial = readOnly ? held : held + 1;
            if (mode == Mode.WRITE) {
                write(session, content, serial);
            } else if (mode == Mode.IN_PLACE) {
                overwrite(session, content, serial);
            }
        }
        try {
            Optional<String> list = RequestList.record(session, recorded, !readOnly);
            Map<String, Object> after = session.attributes();
            return new ProbeOutcome.Answered(serial, StateDigest.of(after), created, read,
                    Damage.between(content.at(serial), after), list);
        } catch (StateDigest.UnknownAttributeType | RequestList.NotAList e) {
            return new ProbeOutcome.Unreadable(e.getMessage());
        }
    }

    private static void overwrite(SessionView session, ProbeContent content, long serial) {
        for (int index : content.writtenBy(serial)) {
            String name = ProbeContent.attributeName(index);
            byte[] value = content.value(index, serial);
            if (session.get(name) instanceof byte[] held && held.length == value.length) {
                System.arraycopy(value, 0, held, 0, value.length);
            } else {
                session.set(name, value);
            }
        }
        session.set(ProbeContent.SERIAL, serial);
    }

    private static void write(SessionView session, ProbeContent content, long serial) {
        for (int index : content.writtenBy(serial)) {
            session.set(ProbeContent.attributeName(index), content.value(index, serial));
        }
        session.set(ProbeContent.SERIAL, serial);
    }
}

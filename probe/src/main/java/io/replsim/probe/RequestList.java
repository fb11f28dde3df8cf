package io.replsim.probe;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * The session's list of the requests that wrote it, for the driver's history (docs/drills.md, "Session
 * consistency"), as replsim's own nodes keep it (docs/interfaces.md §2): a request carrying {@code X-Replsim-Request:
 * <id>} that writes appends its id to the attribute {@value #ATTRIBUTE} through {@code setAttribute}, so the server
 * replicates it like any other attribute, and its answer shows the list in {@code X-Replsim-List} ({@code 3,7,12};
 * empty when it holds none). A request without the header touches neither.
 */
final class RequestList {
    static final String ATTRIBUTE = "replsim.list";
    static final String REQUEST_HEADER = "X-Replsim-Request";
    static final String LIST_HEADER = "X-Replsim-List";

    private RequestList() {
    }

    /**
     * The id a request carries in {@code values}, every {@code X-Replsim-Request} header it sent, if it sent one.
     *
     * @throws IllegalArgumentException saying what the header takes, when it is not one whole number
     */
    static OptionalLong requestId(List<String> values) {
        if (values.isEmpty()) {
            return OptionalLong.empty();
        }
        try {
            if (values.size() == 1) {
                return OptionalLong.of(Long.parseLong(values.get(0).strip()));
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(REQUEST_HEADER + " is " + values + "; it takes one whole number, the"
                + " request's id, which a writing request appends to the session's list");
    }

    /**
     * What a request does to the session's list once its page did its work: one of a recorded history appends its
     * id when the page wrote and it is no logout, and gets the list to show; any other request touches nothing.
     *
     * @throws NotAList when the session holds something else under the list's name
     */
    static Optional<String> record(SessionView session, Optional<RecordedRequest> recorded, boolean wrote) {
        if (recorded.isEmpty()) {
            return Optional.empty();
        }
        if (wrote && !recorded.get().logout()) {
            append(session, recorded.get().id());
        }
        return Optional.of(shown(session));
    }

    /** Appends {@code id} to the session's list: a new array set anew, so the server replicates the change. */
    private static void append(SessionView session, long id) {
        long[] held = held(session);
        long[] grown = Arrays.copyOf(held, held.length + 1);
        grown[held.length] = id;
        session.set(ATTRIBUTE, grown);
    }

    /** The list as {@code X-Replsim-List} shows it ({@code 3,7,12}). */
    private static String shown(SessionView session) {
        return Arrays.stream(held(session)).mapToObj(Long::toString).collect(Collectors.joining(","));
    }

    private static long[] held(SessionView session) {
        Object held = session.get(ATTRIBUTE);
        // absent until the session's first recorded write
        if (held == null) {
            return new long[0];
        }
        if (!(held instanceof long[] list)) {
            throw new NotAList(held.getClass().getName());
        }
        return list;
    }

    /** The session holds something else under the list's name: a damaged replica, which cannot be judged. */
    static final class NotAList extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotAList(String type) {
            super("the attribute " + ATTRIBUTE + " is a " + type + ", not a long[]");
        }
    }
}

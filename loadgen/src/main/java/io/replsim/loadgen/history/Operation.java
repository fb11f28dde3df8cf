package io.replsim.loadgen.history;

import java.util.OptionalLong;

/**
 * What a request asked of its session: append its element to the session's list (and read the list back), only read
 * the list, or log out (invalidate the session).
 */
public sealed interface Operation {

    /** The element this operation appended, when it is an append. */
    default OptionalLong appended() {
        return OptionalLong.empty();
    }

    /** Appends {@code element}, unique in its history, and reads the list with it. */
    record Append(long element) implements Operation {
        @Override
        public OptionalLong appended() {
            return OptionalLong.of(element);
        }
    }

    /** Reads the list and changes nothing. */
    record Read() implements Operation {
    }

    /** Invalidates the session: nothing of it may be answered again. */
    record Logout() implements Operation {
    }
}

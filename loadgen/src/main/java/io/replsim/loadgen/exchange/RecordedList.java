package io.replsim.loadgen.exchange;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The headers of a request kept in the run's history (docs/interfaces.md §2): the driver sends the request's id in
 * {@code X-Replsim-Request}, and a replsim app answers the session's list of the ids of the writes it holds in
 * {@code X-Replsim-List}, e.g. {@code 3,7,12}.
 */
public final class RecordedList {
    static final String REQUEST_HEADER = "X-Replsim-Request";
    /** Lower-case, as the response reader compares names. */
    static final String LIST_HEADER = "x-replsim-list";

    private RecordedList() {
    }

    /**
     * The list {@code value} shows: empty for an empty value, absent for no header or one that is not a list of
     * whole numbers (an answer the checker then leaves not judged).
     */
    static Optional<List<Long>> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        List<Long> elements = new ArrayList<>();
        if (value.isBlank()) {
            return Optional.of(elements);
        }
        for (String element : value.split(",", -1)) {
            try {
                elements.add(Long.parseLong(element.strip()));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return Optional.of(elements);
    }
}

package io.replsim.probe;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Collections;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A request of the driver's recorded history ({@code X-Replsim-Request}, {@link RequestList}): its id, which it
 * appends to the session's list when it writes, and whether it is a logout ({@code &end}), which appends nothing,
 * as on replsim's own nodes: the history records a logout as ending the session, not as a write.
 */
record RecordedRequest(long id, boolean logout) {

    /**
     * The request of a recorded history {@code request} is, if it carries {@code X-Replsim-Request}.
     *
     * @throws IllegalArgumentException saying what the header takes, when it is not one whole number
     */
    static Optional<RecordedRequest> of(HttpServletRequest request) {
        OptionalLong id = RequestList.requestId(Collections.list(request.getHeaders(RequestList.REQUEST_HEADER)));
        return id.isPresent() ? Optional.of(new RecordedRequest(id.getAsLong(), request.getParameter("end") != null))
                : Optional.empty();
    }
}

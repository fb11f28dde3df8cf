package io.replsim.loadgen.check;

import java.util.List;

/**
 * One session a user held, judged one request at a time, as it ended (or stands at the end of the load): its id,
 * its verdict (the worst its answers got, FAILED when they were server errors only to its end), the nodes that
 * answered on it in the order they first did, and the requests whose outcome came while it was held. An attempt
 * never served (outcomes, no answer to judge) has no id, no verdict and no node: {@link #served()} is false. A LOST
 * or EXPIRED answer counts for the session it ended; the new session it carried starts on the node that made it.
 */
public record SessionOutcome(String session, Verdict verdict, List<String> nodes, long requests) {

    public SessionOutcome {
        nodes = List.copyOf(nodes);
    }

    static SessionOutcome neverServed(long requests) {
        return new SessionOutcome(null, null, List.of(), requests);
    }

    /** Whether a session was held: false for an attempt never served. */
    public boolean served() {
        return verdict != null;
    }
}

package io.replsim.loadgen.route;

import java.util.Objects;

/**
 * How the driver's balancer picks a request's node.
 *
 * @param sticky   true: a request with a session goes to the node its cookie's route names while that node is live
 *                 (mod_jk's {@code sticky_session}); false: every request goes to the next live node in turn, so
 *                 a user's requests visit every node (under buddy placement each one may have to fetch the session)
 * @param failover where a sticky session goes when its node is down
 */
public record Balancer(boolean sticky, FailoverChoice failover) {

    /** Sticky sessions, a dead node's users spread over the live nodes by busyness. */
    public static final Balancer DEFAULT = new Balancer(true, FailoverChoice.SPREAD);

    public Balancer {
        Objects.requireNonNull(failover, "failover");
    }
}

package io.replsim.loadgen.route;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How the driver's balancer picks a request's node.
 *
 * @param sticky         true: a request with a session goes to the node its cookie's route names while that node is
 *                       live (mod_jk's {@code sticky_session}); false: every request goes to the next live node in
 *                       turn, so a user's requests visit every node (under buddy placement each one may have to fetch
 *                       the session)
 * @param failover       where a sticky session goes when its node is down
 * @param retryOnTimeout present: how long the balancer waits for a node's answer before it gives up on that node and
 *                       sends the same request to the node its failover rule picks next, once (nginx's
 *                       {@code proxy_next_upstream timeout}, which passes on a {@code GET} since it is idempotent,
 *                       though the apps write on it); empty: a request waits for its node until the client's request
 *                       timeout, as without such a balancer
 */
public record Balancer(boolean sticky, FailoverChoice failover, Optional<Duration> retryOnTimeout) {

    /** Sticky sessions, a dead node's users spread over the live nodes by busyness, no retry on a timeout. */
    public static final Balancer DEFAULT = new Balancer(true, FailoverChoice.SPREAD);

    public Balancer {
        Objects.requireNonNull(failover, "failover");
        Objects.requireNonNull(retryOnTimeout, "retryOnTimeout");
        retryOnTimeout.ifPresent(timeout -> {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("retryOnTimeout: got " + timeout + ", expected more than zero");
            }
        });
    }

    /** A balancer that never sends a request on after a timeout. */
    public Balancer(boolean sticky, FailoverChoice failover) {
        this(sticky, failover, Optional.empty());
    }

    /** The same balancer, giving up on a node after {@code timeout} and sending the request to the next one. */
    public Balancer retryingOnTimeout(Duration timeout) {
        return new Balancer(sticky, failover, Optional.of(timeout));
    }
}

package io.replsim.loadgen.route;

import io.replsim.loadgen.exchange.ErrorKind;

import java.time.Duration;
import java.util.Optional;

/**
 * A balancer's retry on a timeout ({@link Balancer#retryOnTimeout()}) for one user's requests, one at a time: how long
 * each attempt may wait, and whether an attempt that timed out goes once more to another node. The first attempts of
 * a request wait the balancer's timeout (never past the client's own); when one times out, the balancer gives up on
 * that node and the request goes, the same request with the same id, to the node its failover rule picks next, once:
 * that attempt waits for what is left of the client's request timeout, so its answer, late or not, is seen. A node
 * may have applied the write it gave up on, and the next one applies it again: a write applied twice, which no
 * replication setting prevents (docs/drills.md, "Session consistency").
 */
public final class TimeoutRetry {

    private static final Duration SHORTEST_ATTEMPT = Duration.ofMillis(1);

    private final Optional<Duration> retryOnTimeout;
    private final Duration requestTimeout;
    private long startNanos;
    private boolean spent;
    /** Whether the attempt in flight waits the balancer's timeout, not the client's. */
    private boolean balancersTimeout;

    public TimeoutRetry(Balancer balancer, Duration requestTimeout) {
        this.retryOnTimeout = balancer.retryOnTimeout();
        this.requestTimeout = requestTimeout;
    }

    /** A new request starts at {@code nowNanos}: it may be sent on once after a timeout. */
    public void newRequest(long nowNanos) {
        startNanos = nowNanos;
        spent = false;
        balancersTimeout = false;
    }

    /**
     * How long the attempt sent now may wait for its answer; empty: the client's request timeout, as with a balancer
     * that does not retry.
     */
    public Optional<Duration> attemptTimeout() {
        if (retryOnTimeout.isEmpty()) {
            return Optional.empty();
        }
        Duration left = requestTimeout.minusNanos(System.nanoTime() - startNanos);
        if (left.compareTo(SHORTEST_ATTEMPT) < 0) {
            left = SHORTEST_ATTEMPT;
        }
        balancersTimeout = !spent && retryOnTimeout.get().compareTo(left) < 0;
        return Optional.of(balancersTimeout ? retryOnTimeout.get() : left);
    }

    /**
     * Whether an attempt that failed with {@code kind} is the balancer's timeout, the request to go to the next node;
     * then the retry is spent. A timeout of the client's own (the attempt waited what was left of it) is not.
     */
    public boolean take(ErrorKind kind) {
        if (spent || !balancersTimeout || kind != ErrorKind.TIMEOUT) {
            return false;
        }
        spent = true;
        balancersTimeout = false;
        return true;
    }
}

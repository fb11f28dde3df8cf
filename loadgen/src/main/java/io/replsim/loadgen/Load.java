package io.replsim.loadgen;

import io.replsim.loadgen.record.LoadProgress;
import java.util.Optional;

/**
 * A load a runner plays against a cluster, whatever its model: the closed one ({@link LoadDriver}, users that wait
 * for each answer and think) or the open one ({@link OpenLoad}, arrivals on a schedule). The runner starts it, reads
 * its progress and asks which node serves a user while it runs (to aim a fault), then waits for its result.
 *
 * <pre>{@code
 * try (Load load = ...) {
 *     load.start();
 *     LoadProgress p = load.progress();
 *     LoadResult r = load.awaitResult();
 * }
 * }</pre>
 */
public interface Load extends AutoCloseable {

    /** Starts the load and returns at once; a load starts once. */
    void start();

    /** Figures since the previous call (or the start) and running totals; zeros before {@link #start()}. */
    LoadProgress progress();

    /**
     * The node that sent user {@code user}'s latest response (users count from 0: the closed model's users, the
     * open model's sessions); empty before its first response. What a balancer's sticky table would say.
     */
    Optional<String> nodeServing(int user);

    /**
     * Its figures from the start until now, for a reader while it runs, and its final ones once it is over, also
     * after {@link #close()}; empty before {@link #start()}, and for a load that keeps no running totals.
     */
    default Optional<LoadSoFar> soFar() {
        return Optional.empty();
    }

    /** Blocks until the load is over (its duration, and every request it started answered or failed). */
    LoadResult awaitResult() throws InterruptedException;

    /** Stops whatever still runs and frees the connections; safe to call twice. */
    @Override
    void close();
}

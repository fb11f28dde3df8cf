package io.replsim.scenario.fault;

import io.replsim.scenario.spec.FaultSpec;
import java.io.IOException;
import java.util.Optional;

/**
 * Executes faults; it knows how to break a runtime, nothing about the load on it and nothing about time: the
 * {@link FaultTimeline} decides when, and keeps every lasting disruption until it is healed.
 */
public interface Nemesis {

    /**
     * The fault with its target resolved to the node it means now, so that the timeline times the fault from when
     * it strikes and not from when its target was looked up, which reads every node's stats (a docker exec each in
     * containers, up to a second on a loaded machine).
     */
    default FaultSpec aim(FaultSpec fault) throws InterruptedException {
        return fault;
    }

    /** Applies the fault now and says what was done to which nodes. Never called for a resume, which heals. */
    Disruption inject(FaultSpec fault) throws InterruptedException, IOException;

    /**
     * Reads back, from what the disruption was done to, whether it took effect: right after {@link #inject}, and
     * again for a lasting one just before another fault ends its node. Never assumed from the act having returned.
     */
    FaultEvidence confirm(Disruption disruption) throws InterruptedException;

    /**
     * What was read back of {@code aimed} (as {@link #aim} returned it) when the run's end interrupted its
     * {@link #inject}: for a restart of a node that was up, whether the node was seen gone before it was started
     * again. Empty when nothing was read.
     */
    default Optional<FaultEvidence> readSoFar(FaultSpec aimed) {
        return Optional.empty();
    }

    /**
     * Undoes a lasting disruption (a paused node resumed, a partition's or a delay's rules removed) and says what
     * shows it took effect, read just before it was undone: the state of the paused process, the counts of the
     * messages its protocols dropped or held.
     */
    FaultEvidence heal(Disruption disruption) throws InterruptedException, IOException;

    /** {@link #confirm} for a heal: a reading that fails is no evidence, and must not keep the fault from healing. */
    static FaultEvidence readBeforeTheHeal(Nemesis nemesis, Disruption disruption) throws InterruptedException {
        try {
            return nemesis.confirm(disruption);
        } catch (RuntimeException e) {
            return FaultEvidence.unconfirmed("reading it back before the heal failed: " + e.getMessage());
        }
    }
}

package io.replsim.scenario.fault;

import io.replsim.scenario.spec.FaultSpec;
import java.io.IOException;

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

    /** Undoes a lasting disruption: a paused node resumed, a partition's or a delay's rules removed. */
    void heal(Disruption disruption) throws InterruptedException, IOException;
}

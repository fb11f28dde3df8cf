package io.replsim.scenario.fault;

import io.replsim.scenario.spec.FaultSpec;

/** Executes faults; it knows how to break a runtime, nothing about the load on it. */
public interface Nemesis {

    /** Applies the fault now and says what was done to which node. {@code atMs} is the scenario clock. */
    FaultEvent apply(FaultSpec fault, long atMs) throws InterruptedException;

    /** Undoes whatever is still in effect (a paused node resumed, a rule removed). Kills need no healing. */
    void healAll();
}

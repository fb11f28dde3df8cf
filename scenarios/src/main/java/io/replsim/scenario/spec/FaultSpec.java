package io.replsim.scenario.spec;

import java.time.Duration;

/** A fault the scenario injects, as data: the runner's nemesis decides how to carry it out. */
public sealed interface FaultSpec permits KillSpec, StopSpec, PauseSpec, ResumeSpec, PartitionSpec, DelaySpec, DiscardSpec,
        ResetSpec, RestartSpec, DoubleKillSpec {

    /** When it fires, counted from the start of the load. */
    Schedule schedule();

    /** Its type as a scenario file writes it: {@code kill}, {@code pause}, ... */
    String type();

    /** When it first fires. */
    default Duration at() {
        return schedule().times().getFirst();
    }
}

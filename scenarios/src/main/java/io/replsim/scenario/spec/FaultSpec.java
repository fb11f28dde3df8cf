package io.replsim.scenario.spec;

import java.time.Duration;

/** A fault the scenario injects, as data: the runner's nemesis decides how to carry it out. */
public sealed interface FaultSpec permits KillSpec {

    /** When, counted from the start of the load. */
    Duration at();
}

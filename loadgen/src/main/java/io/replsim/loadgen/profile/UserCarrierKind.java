package io.replsim.loadgen.profile;

import io.replsim.settings.Labelled;

/**
 * What carries the closed model's users ({@code load.runtime} in scenario files; the {@code UserCarrier} it picks):
 * the same users, the same judging and recording, two ways to wait. {@link #EVENT_LOOP} unless a scenario says
 * otherwise: it takes less of the machine the nodes share, and sees a closed idle connection before sending on it
 * (docs/capacity.md, "User runtimes").
 */
public enum UserCarrierKind implements Labelled {
    /** A virtual thread per user that blocks in its request and sleeps through its think time. */
    VIRTUAL_THREADS,
    /**
     * Users as state machines on one event-loop thread per core, each loop a selector over its users' non-blocking
     * connections and a queue of their pauses: no thread hand-off per request, so less of the driver's CPU per
     * request (docs/capacity.md, driver vs wrk). Speaks http and https, as the virtual threads do.
     */
    EVENT_LOOP;
}

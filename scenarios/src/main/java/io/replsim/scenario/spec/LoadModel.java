package io.replsim.scenario.spec;

import io.replsim.settings.Labelled;

/** Whether the load comes from users who wait for their answers (closed) or from arrivals on a schedule (open). */
public enum LoadModel implements Labelled {
    /** Virtual users: request, wait, think, again; a slower server gets fewer requests. */
    CLOSED,
    /** Requests arrive at a rate whatever the server does (wrk2); a slower server builds a queue. */
    OPEN;
}

package io.replsim.scenario.spec;

import io.replsim.loadgen.label.EnumLabels;

/** Whether the load comes from users who wait for their answers (closed) or from arrivals on a schedule (open). */
public enum LoadModel {
    /** Virtual users: request, wait, think, again; a slower server gets fewer requests. */
    CLOSED,
    /** Requests arrive at a rate whatever the server does (wrk2); a slower server builds a queue. */
    OPEN;

    public String label() {
        return EnumLabels.of(this);
    }

    public static LoadModel parse(String text) {
        return EnumLabels.parse(LoadModel.class, text, "load model");
    }
}

package io.replsim.scenario.spec;

import io.replsim.loadgen.open.Arrivals;
import io.replsim.settings.Labelled;

/** How an open model's requests arrive at the rate the scenario states. */
public enum ArrivalKind implements Labelled {
    /** Evenly spaced, one every 1/rate seconds. */
    CONSTANT,
    /** A Poisson process: independent arrivals, exponential gaps of mean 1/rate. */
    POISSON;

    /** The driver's schedule for {@code perSecond} arrivals a second. */
    public Arrivals at(double perSecond) {
        return switch (this) {
            case CONSTANT -> new Arrivals.Constant(perSecond);
            case POISSON -> new Arrivals.Poisson(perSecond);
        };
    }
}

package io.replsim.scenario.spec;

import io.replsim.loadgen.open.Arrivals;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How an open model's requests arrive at the rate the scenario states. */
public enum ArrivalKind {
    /** Evenly spaced, one every 1/rate seconds. */
    CONSTANT,
    /** A Poisson process: independent arrivals, exponential gaps of mean 1/rate. */
    POISSON;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ArrivalKind parse(String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(kind -> kind.label().equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown arrivals \"" + text + "\"; expected one of: "
                        + Arrays.stream(values()).map(ArrivalKind::label).collect(Collectors.joining(", "))));
    }

    /** The driver's schedule for {@code perSecond} arrivals a second. */
    public Arrivals at(double perSecond) {
        return switch (this) {
            case CONSTANT -> new Arrivals.Constant(perSecond);
            case POISSON -> new Arrivals.Poisson(perSecond);
        };
    }
}

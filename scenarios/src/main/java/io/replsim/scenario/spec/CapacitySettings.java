package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code capacity} section: what {@code replsim capacity} searches for when its flags do not say otherwise.
 * A closed load's search steps users, an open load's the arrival rate: each model's bounds are read only for it.
 *
 * @param startUsers the first step's users; empty: {@code load.users}
 * @param maxUsers   the most users a step may have; empty: {@link #DEFAULT_MAX_USERS}
 * @param startRate  the first step's arrivals a second; empty: {@code load.rate} rounded up
 * @param maxRate    the most arrivals a second a step may have; empty: {@link #DEFAULT_MAX_RATE}
 * @param warmUp     the unmeasured rounds before the first measured step
 */
public record CapacitySettings(LatencyStatistic statistic, Duration latencyLimit, double cpuLimit, double errorLimit,
                               Optional<Integer> startUsers, Optional<Integer> maxUsers, Optional<Integer> startRate,
                               Optional<Integer> maxRate, int maxSteps, CapacityWarmUp warmUp) {

    public static final int DEFAULT_MAX_USERS = 20_000;
    public static final int MOST_USERS = 100_000;
    /** Far above what one machine drives: the open search's cap unless the file or a flag says otherwise. */
    public static final int DEFAULT_MAX_RATE = 100_000;
    public static final int MOST_RATE = 1_000_000;
    public static final int DEFAULT_MAX_STEPS = 20;
    /** What "sustained" means unless a file or a flag says otherwise (CapacityCriteria.DEFAULT takes it from here). */
    public static final CapacitySettings DEFAULT = new CapacitySettings(LatencyStatistic.P90, Duration.ofMillis(800),
            0.60, 0.001, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), DEFAULT_MAX_STEPS,
            CapacityWarmUp.DEFAULT);

    public CapacitySettings {
        Objects.requireNonNull(statistic, "statistic");
        Objects.requireNonNull(latencyLimit, "latencyLimit");
        Objects.requireNonNull(startUsers, "startUsers");
        Objects.requireNonNull(maxUsers, "maxUsers");
        Objects.requireNonNull(startRate, "startRate");
        Objects.requireNonNull(maxRate, "maxRate");
        Objects.requireNonNull(warmUp, "warmUp");
    }
}

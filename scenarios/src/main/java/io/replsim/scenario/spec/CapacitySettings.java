package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code capacity} section: what {@code replsim capacity} searches for when its flags do not say otherwise.
 *
 * @param startUsers the first step's users; empty: {@code load.users}
 * @param warmUp     the unmeasured rounds before the first measured step
 */
public record CapacitySettings(LatencyStatistic statistic, Duration latencyLimit, double cpuLimit, double errorLimit,
                               Optional<Integer> startUsers, int maxUsers, int maxSteps, CapacityWarmUp warmUp) {

    public static final int DEFAULT_MAX_USERS = 20_000;
    public static final int DEFAULT_MAX_STEPS = 20;
    /** What "sustained" means unless a file or a flag says otherwise (CapacityCriteria.DEFAULT takes it from here). */
    public static final CapacitySettings DEFAULT = new CapacitySettings(LatencyStatistic.P90, Duration.ofMillis(800),
            0.60, 0.001, Optional.empty(), DEFAULT_MAX_USERS, DEFAULT_MAX_STEPS, CapacityWarmUp.DEFAULT);

    public CapacitySettings {
        Objects.requireNonNull(statistic, "statistic");
        Objects.requireNonNull(latencyLimit, "latencyLimit");
        Objects.requireNonNull(startUsers, "startUsers");
        Objects.requireNonNull(warmUp, "warmUp");
    }
}

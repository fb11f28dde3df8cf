package io.replsim.scenario.capacity;

import java.io.IOException;
import java.time.Duration;

/**
 * Runs one step of load with a given number of users (or arrivals a second) against the target and measures its
 * steady window, {@code window} long.
 */
@FunctionalInterface
public interface LoadStep {
    StepMeasurement run(int users, Duration window) throws IOException, InterruptedException;
}

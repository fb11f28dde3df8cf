package io.replsim.scenario.capacity;

import java.io.IOException;

/** Runs one step of load with a given number of users against the target and measures its steady window. */
@FunctionalInterface
public interface LoadStep {
    StepMeasurement run(int users) throws IOException, InterruptedException;
}

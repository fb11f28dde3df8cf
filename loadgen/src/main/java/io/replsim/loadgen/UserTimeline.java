package io.replsim.loadgen;

import java.util.List;

/**
 * Where one user's requests went, in order: stints of responses per node and runs of failures. From these a runner
 * finds the users a fault affected and their failover times; the driver itself never hears about faults.
 *
 * @param user     the user's index, from 0
 * @param failures failure runs in order; an addition to §4 of the interface doc, so a runner sees a user's first
 *                 failed request after a fault
 */
public record UserTimeline(int user, List<Stint> stints, List<Failure> failures) {

    public UserTimeline {
        stints = List.copyOf(stints);
        failures = List.copyOf(failures);
    }
}

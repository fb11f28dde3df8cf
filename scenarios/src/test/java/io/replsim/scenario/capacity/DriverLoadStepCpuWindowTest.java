package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.loadgen.synthetic.FixedServiceCounter;
import io.replsim.scenario.spec.LoadSpec;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A step's node CPU is measured over its steady window: the readings bracket that window, so what the users'
 * logouts after it cost the node is in no step's figure.
 */
@Timeout(60)
class DriverLoadStepCpuWindowTest {

    private static final int USERS = 20;

    @Test
    void theStepsUtilizationComesFromReadingsAtTheSteadyWindowsBoundsBeforeTheLogouts() throws Exception {
        // A 1 s think spreads the users' logouts over the second after the window, so a reading that wakes a little
        // late on a busy machine (seen: an end reading after all of 10 logouts at a 100 ms think, load 30) still
        // comes before most of them.
        LoadSpec load = new LoadSpec(USERS, Duration.ofSeconds(1), Duration.ofMillis(500), Duration.ofSeconds(3),
                Duration.ofSeconds(5));
        List<Long> logoutsAtReading = new CopyOnWriteArrayList<>();
        StepMeasurement step;
        try (FixedServiceCounter server = new FixedServiceCounter(4, Duration.ofMillis(2))) {
            // A node burning half a core all along, and 20 ms of CPU for each logout: a reading taken after the
            // logouts puts 0.4 s more into a window of about 2.5 s (0.66 cores).
            NodeCpuProbe probe = () -> {
                long logouts = server.logouts();
                logoutsAtReading.add(logouts);
                long monotonicMs = System.nanoTime() / 1_000_000;
                return List.of(new NodeCpuProbe.Reading(FixedServiceCounter.NODE, monotonicMs / 2 + 20 * logouts,
                        monotonicMs, 1.0));
            };
            step = new DriverLoadStep(load, "/counter", TargetProtocol.REPLSIM, server.endpoints(), probe,
                    users -> null).run(USERS);
            assertThat(server.logouts()).as("every user logged out after the step").isEqualTo(USERS);
        }

        assertThat(logoutsAtReading).as("logouts seen by the readings at the window's start and end").hasSize(2);
        assertThat(logoutsAtReading.getFirst()).isZero();
        assertThat(logoutsAtReading.getLast()).as("the end reading came before the users logged out")
                .isLessThan(USERS / 4);
        assertThat(step.nodes()).singleElement().satisfies(node ->
                assertThat(node.utilization()).isCloseTo(0.5, within(0.05)));
    }
}

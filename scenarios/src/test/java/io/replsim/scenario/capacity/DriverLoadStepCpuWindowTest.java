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

    private static final int USERS = 10;

    @Test
    void theStepsUtilizationComesFromReadingsAtTheSteadyWindowsBoundsBeforeTheLogouts() throws Exception {
        LoadSpec load = new LoadSpec(USERS, Duration.ofMillis(100), Duration.ofMillis(500), Duration.ofSeconds(3),
                Duration.ofSeconds(5));
        List<Long> logoutsAtReading = new CopyOnWriteArrayList<>();
        StepMeasurement step;
        try (FixedServiceCounter server = new FixedServiceCounter(4, Duration.ofMillis(2))) {
            // A node burning half a core all along, and a whole second of CPU for each logout: a reading taken after
            // the logouts would put 10 s of CPU into a window of about 2 s.
            NodeCpuProbe probe = () -> {
                long logouts = server.logouts();
                logoutsAtReading.add(logouts);
                long monotonicMs = System.nanoTime() / 1_000_000;
                return List.of(new NodeCpuProbe.Reading(FixedServiceCounter.NODE, monotonicMs / 2 + 1_000 * logouts,
                        monotonicMs, 1.0));
            };
            step = new DriverLoadStep(load, "/counter", TargetProtocol.REPLSIM, server.endpoints(), probe,
                    users -> null).run(USERS);
            assertThat(server.logouts()).as("every user logged out after the step").isEqualTo(USERS);
        }

        assertThat(logoutsAtReading).as("logouts seen by the readings at the window's start and end")
                .containsExactly(0L, 0L);
        assertThat(step.nodes()).singleElement().satisfies(node ->
                assertThat(node.utilization()).isCloseTo(0.5, within(0.01)));
    }
}

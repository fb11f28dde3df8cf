package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.loadgen.synthetic.FixedServiceCounter;
import io.replsim.scenario.run.LoadTarget;
import io.replsim.scenario.run.RunDirectory;
import io.replsim.scenario.runtime.AdminOnlyRuntime;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capacity step is a run, and its node CPU is the run's over its steady window: the readings it is worked out from
 * are the ones inside that window, so what the users' logouts after it cost the node is in no step's figure.
 */
@Timeout(60)
class RunStepCpuWindowTest {

    private static final int USERS = 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One node that is the synthetic server, whose stats say it burns half a core, and 20 ms of CPU per logout. */
    private static final class HalfACoreAndLogouts extends AdminOnlyRuntime {
        private final FixedServiceCounter server;
        private final ObjectNode stats;
        final List<Long> logoutsAtReading = new CopyOnWriteArrayList<>();

        HalfACoreAndLogouts(FixedServiceCounter server) throws IOException {
            super(List.of(FixedServiceCounter.NODE));
            this.server = server;
            try (InputStream in = RunStepCpuWindowTest.class.getResourceAsStream("node-stats.json")) {
                this.stats = (ObjectNode) JSON.readTree(in);
            }
        }

        @Override
        public List<NodeHandle> nodes() {
            return server.endpoints().stream().map(node -> new NodeHandle(node.name(), node.baseUri())).toList();
        }

        /** Readings ten times a second: a few inside even the short window of this step. */
        @Override
        public Duration statsEvery() {
            return Duration.ofMillis(100);
        }

        @Override
        protected synchronized String answer(String node, String method, String path, String body) throws IOException {
            long logouts = server.logouts();
            logoutsAtReading.add(logouts);
            long monotonicMs = System.nanoTime() / 1_000_000;
            ObjectNode answer = stats.deepCopy();
            answer.put("atEpochMs", System.currentTimeMillis());
            ((ObjectNode) answer.get("cpu")).put("processCpuMs", monotonicMs / 2 + 20 * logouts)
                    .put("monotonicMs", monotonicMs).put("budgetCores", 1.0);
            return JSON.writeValueAsString(answer);
        }
    }

    @Test
    void theStepsUtilizationComesFromReadingsInsideTheSteadyWindowBeforeTheLogouts(@TempDir Path runs)
            throws Exception {
        // A 1 s think spreads the users' logouts over the second after the window. If the readings after the
        // window counted, the 20 logouts' 0.4 s of CPU would put about 0.16 cores more into its 2.5 s.
        ScenarioSpec spec = ScenarioLoader.parse("""
                name: cpu-window
                cluster: {nodes: 1}
                load:
                  users: 20
                  thinkTime: 1s
                  rampUp: 500ms
                  duration: 3s
                """, "cpu-window.yaml");
        StepMeasurement step;
        HalfACoreAndLogouts runtime;
        try (FixedServiceCounter server = new FixedServiceCounter(4, Duration.ofMillis(2))) {
            runtime = new HalfACoreAndLogouts(server);
            step = new RunStep(spec, runtime, new LoadTarget(server.endpoints(), "/counter", TargetProtocol.REPLSIM),
                    RunDirectory.create(runs, "cpu-window", LocalDateTime.now()), System.out, users -> "step")
                    .run(USERS, spec.load().steady());
            assertThat(server.logouts()).as("every user logged out after the step").isEqualTo(USERS);
        }

        assertThat(runtime.logoutsAtReading.getFirst()).isZero();
        assertThat(runtime.logoutsAtReading.getLast()).as("the run read the node again after the logouts")
                .isEqualTo(USERS);
        assertThat(step.users()).isEqualTo(USERS);
        assertThat(step.nodes()).singleElement().satisfies(node -> {
            assertThat(node.node()).isEqualTo(FixedServiceCounter.NODE);
            assertThat(node.budgetCores()).isEqualTo(1.0);
            assertThat(node.utilization()).isCloseTo(0.5, within(0.05));
        });
    }
}

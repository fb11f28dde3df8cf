package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.StubCluster.Behaviour;
import io.replsim.loadgen.StubCluster;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.scenario.run.LoadTarget;
import io.replsim.scenario.run.RunDirectory;
import io.replsim.scenario.runtime.external.ExternalRuntime;
import io.replsim.scenario.runtime.external.ExternalTarget;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capacity step against a stand-in node that answers every request with a 503 in about a millisecond: its p90 is
 * far under any latency limit, so only its errors can fail it, and they must, under either load model. The step's
 * error ratio is its steady window's, so it is every request.
 */
@Timeout(120)
class ServerErrorStepTest {

    private static final String CLOSED = """
            name: all503
            cluster: {nodes: 1}
            load: {users: 10, thinkTime: 100ms, rampUp: 200ms, warmUp: 300ms, duration: 2s}
            """;
    private static final String OPEN = """
            name: all503-open
            cluster: {nodes: 1}
            load: {model: open, rate: 50, sessions: 10, warmUp: 300ms, duration: 2s}
            """;

    @Test
    void aClosedStepAnsweredOnlyWithFast503sFailsOnErrors(@TempDir Path runs) throws Exception {
        StepMeasurement step = measure(CLOSED, runs, 10);

        assertThat(step.errorRatio()).as("every steady request a 503").isEqualTo(1.0);
        assertThat(step.p90Ms()).as("the 503s are fast: no latency limit catches them").isLessThan(800);
        assertThat(CapacityCriteria.DEFAULT.broken(step)).contains(Limit.ERRORS);
        assertThat(CapacityCriteria.DEFAULT.overloads(step)).as("a warm-up round at this load is not carried")
                .isTrue();
    }

    @Test
    void anOpenStepAnsweredOnlyWithFast503sFailsOnErrors(@TempDir Path runs) throws Exception {
        StepMeasurement step = measure(OPEN, runs, 50);

        assertThat(step.errorRatio()).as("every measured arrival a 503").isEqualTo(1.0);
        assertThat(CapacityCriteria.DEFAULT.broken(step)).contains(Limit.ERRORS);
    }

    @Test
    void anOpenSearchAnsweredOnlyWith503sSustainsNoRate(@TempDir Path runs) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse(OPEN, "all503-open.yaml");
        List<StepOutcome> seen = new ArrayList<>();
        CapacityResult result;
        try (StubCluster cluster = new StubCluster(Behaviour.REPLICATION_FAILS);
             ExternalRuntime runtime = runtimeOf(cluster)) {
            RunStep step = new RunStep(spec, runtime, new LoadTarget(cluster.endpoints(), "/counter",
                    TargetProtocol.REPLSIM), RunDirectory.create(runs, "all503-open", LocalDateTime.now()),
                    System.out, rate -> "step-" + rate + "per-s");
            result = new CapacitySearch(new SearchPlan(50, 2, 0.05, 3, 200).withWindow(spec.load().steady()),
                    CapacityCriteria.DEFAULT, step, seen::add).run();
        }

        // what replsim capacity exits non-zero on
        assertThat(result.usersSustained()).isZero();
        assertThat(seen).isNotEmpty().allSatisfy(outcome -> assertThat(outcome.broken()).contains(Limit.ERRORS));
    }

    private static StepMeasurement measure(String yaml, Path runs, int level) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse(yaml, "all503.yaml");
        try (StubCluster cluster = new StubCluster(Behaviour.REPLICATION_FAILS);
             ExternalRuntime runtime = runtimeOf(cluster)) {
            RunStep step = new RunStep(spec, runtime, new LoadTarget(cluster.endpoints(), "/counter",
                    TargetProtocol.REPLSIM), RunDirectory.create(runs, spec.name(), LocalDateTime.now()), System.out,
                    at -> "step-" + at);
            return step.run(level, spec.load().steady());
        }
    }

    /** The stand-in node as a cluster replsim does not run: its CPU is not read, so no step is held to CPU. */
    private static ExternalRuntime runtimeOf(StubCluster cluster) {
        return new ExternalRuntime(new ExternalTarget(cluster.endpoints(), "/counter", TargetProtocol.REPLSIM,
                Optional.empty(), Optional.empty()), line -> { });
    }
}

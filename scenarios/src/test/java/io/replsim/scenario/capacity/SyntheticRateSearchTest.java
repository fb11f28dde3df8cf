package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.loadgen.synthetic.FixedServiceCounter;
import io.replsim.scenario.run.LoadTarget;
import io.replsim.scenario.run.RunDirectory;
import io.replsim.scenario.runtime.external.ExternalRuntime;
import io.replsim.scenario.runtime.external.ExternalTarget;
import io.replsim.scenario.spec.LatencyStatistic;
import io.replsim.scenario.spec.OpenModel;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The search over the open model's arrival rate, against a server whose capacity is known: 4 threads each holding a
 * request 14 ms serve at most X = 4/S requests a second, about 285. Arrivals spaced evenly below X find a thread free
 * and take about S; above X the backlog grows by (rate − X) every second, and every arrival waits for it, so the
 * latency measured from the arrivals' intended starts passes any limit within the step. The rate sustained is just
 * below X.
 */
@Timeout(600)
class SyntheticRateSearchTest {

    private static final int THREADS = 4;
    // X about 285/s: mid-way between the step-ups 200/s and 400/s from load.rate, where neither is a coin flip
    private static final Duration SERVICE = Duration.ofMillis(14);
    // ten hold times, as 100 ms was for 10 ms: the queue a load short of X builds scales with the hold time, and with
    // 100 ms the search answered 85% of X (213/s for 251/s at load 6-12)
    private static final Duration LATENCY_LIMIT = SERVICE.multipliedBy(10);

    private static final String OPEN = """
            name: synthetic-open
            cluster: {nodes: 2}   # for the kill the search leaves out; the steps drive the one synthetic server
            faults:
              - type: kill
                at: 1s
                target: node1
            checks:
              maxSessionsLost: 0
            load:
              model: open
              rate: 100
              sessions: 40
              warmUp: 1s
              duration: 4s
            """;

    @Test
    void aStepOfAnOpenLoadIsTheScenariosLoadAtTheStepsRateAndNothingElse() throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse(OPEN, "synthetic-open.yaml");

        ScenarioSpec step = RunStep.stepOf(spec, 120, spec.load().steady());

        assertThat(SearchedLoad.of(spec.load())).isEqualTo(SearchedLoad.ARRIVAL_RATE);
        assertThat(SearchedLoad.ARRIVAL_RATE.levelOf(spec.load())).isEqualTo(100);
        OpenModel model = step.load().open().orElseThrow();
        assertThat(model.ratePerSecond()).isEqualTo(120);
        assertThat(model.sessions()).isEqualTo(40);
        assertThat(model.arrivals()).isEqualTo(spec.load().open().orElseThrow().arrivals());
        assertThat(step.load().warmUp()).isEqualTo(spec.load().warmUp());
        assertThat(step.load().duration()).isEqualTo(spec.load().duration());
        assertThat(step.faults()).isEmpty();
        assertThat(step.checks()).isEmpty();
    }

    /** One search: its result, every step it ran, and the server's measured hold time. */
    private record Search(CapacityResult result, List<StepOutcome> seen, Duration hold) {
        List<String> invalidSteps() {
            return seen.stream().filter(o -> !o.measurement().valid())
                    .map(o -> o.users() + "/s: " + String.join("; ", o.measurement().invalidReasons())).toList();
        }
    }

    private static final int SEARCHES = 3;

    private static Search search(ScenarioSpec spec, Path runs) throws Exception {
        CapacityCriteria criteria = new CapacityCriteria(LatencyStatistic.P90, LATENCY_LIMIT, 0.6, 0.001);
        List<StepOutcome> seen = new ArrayList<>();
        CapacityResult result;
        Duration hold;
        try (FixedServiceCounter server = new FixedServiceCounter(THREADS, SERVICE);
             ExternalRuntime runtime = new ExternalRuntime(new ExternalTarget(server.endpoints(), "/counter",
                     TargetProtocol.REPLSIM, Optional.empty(), Optional.empty()), line -> { })) {
            RunStep step = new RunStep(spec, runtime, new LoadTarget(server.endpoints(), "/counter",
                    TargetProtocol.REPLSIM), RunDirectory.create(runs, "synthetic-open", LocalDateTime.now()),
                    System.out, rate -> "step-" + rate + "per-s");
            CapacityConsole console = new CapacityConsole(System.out, SearchedLoad.ARRIVAL_RATE);
            // The step budget users get (20). A server at 389/s (10 ms) put the step-up to 400/s within 3% of its
            // capacity, where a step passes one run and fails the next: three runs there, 15 steps and 86 s in a
            // fresh clone; once 400/s passed two of three going up, failed its confirmation, and the search ran out
            // of steps bisecting back below it (0 sustained, budget spent). At ~285/s the step-ups 200/s and 400/s
            // pass and fail clearly, and the steps from 100/s are one fewer.
            result = new CapacitySearch(new SearchPlan(100, 2, 0.05, SearchPlan.DEFAULT_MAX_STEPS, 2_000,
                    spec.load().steady(), SyntheticCapacitySearchTest.BOUNDARY_STEPS_OF_THE_WINDOW), criteria, step,
                    outcome -> {
                seen.add(outcome);
                console.step(outcome);
            }).run();
            hold = server.meanHoldTime();
            // every step's sessions logged out after it: none of them is left on the server
            assertThat(server.sessionsHeld()).isZero();
        }
        return new Search(result, seen, hold);
    }

    /**
     * The search, run again (at most {@value #SEARCHES} times in all) while one of its steps was INVALID: on a loaded
     * machine the open driver's arrivals fall behind their schedule, an INVALID step counts as failed, and the search
     * settled below the server's capacity (193/s for 249/s, twice in three suite runs at load 15-40). What the test
     * claims is about the search, so it judges a search whose every step was valid; when none was, it fails naming
     * every INVALID step's reasons: no capacity was measured, which is no pass.
     *
     * <p>Alone: where an open load crosses a latency limit depends on the stalls the machine adds to the server's
     * hold time. Beside other test JVMs every step was valid and the search of a 10 ms server still answered 283/s
     * for the 356/s it carried (its bisections at 292/s and 300/s read a p90 over 100 ms): a claim about a free
     * machine.
     */
    @Test
    @Tag("alone")
    void theSearchFindsTheRateTheServerCarriesWithinFifteenPercent(@TempDir Path runs) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse(OPEN, "synthetic-open.yaml");
        List<String> invalid = new ArrayList<>();
        Search judged = null;
        for (int attempt = 1; attempt <= SEARCHES && judged == null; attempt++) {
            Search search = search(spec, java.nio.file.Files.createDirectories(runs.resolve("search-" + attempt)));
            if (search.invalidSteps().isEmpty()) {
                judged = search;
            } else {
                invalid.add("search " + attempt + ": " + search.invalidSteps());
                System.out.println("replsim test: search " + attempt + " had INVALID steps, searching again: "
                        + search.invalidSteps());
            }
        }
        if (judged == null) {
            throw new AssertionError("no search of " + SEARCHES + " had every step valid: the driver could not keep"
                    + " time on this machine, so no capacity was measured: " + invalid);
        }
        CapacityResult result = judged.result();
        List<StepOutcome> seen = judged.seen();
        double maxThroughput = THREADS / (judged.hold().toNanos() / 1e9);
        List<String> steps = seen.stream().map(o -> o.users() + "/s " + (o.passed() ? "pass" : "fail " + o.broken()))
                .toList();
        assertThat(result.usersSustained()).as("arrivals/s sustained, the server carries %.0f/s; steps %s",
                maxThroughput, steps).isCloseTo((int) Math.round(maxThroughput), within((int) (maxThroughput * 0.15)));
        assertThat(result.binding()).as("steps %s", steps).contains(Limit.LATENCY);
        // stepped up by doubling the rate from load.rate, then bisected, then the boundary steps near the answer
        assertThat(seen).extracting(StepOutcome::users).startsWith(100, 200, 400);
        assertThat(seen).anySatisfy(o -> assertThat(o.phase()).isEqualTo(StepOutcome.Phase.BISECT));
        assertThat(result.atCapacity()).hasValueSatisfying(nearest -> assertThat(
                nearest.measurement().throughputPerSec()).as("an open step's throughput is its rate, below saturation")
                .isCloseTo(Math.min(nearest.users(), maxThroughput), within(nearest.users() * 0.1)));
    }
}

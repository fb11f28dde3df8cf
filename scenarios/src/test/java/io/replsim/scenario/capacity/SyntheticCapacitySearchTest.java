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
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.nio.file.Files;
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
 * The users-sustained search against a server whose capacity is known: 4 threads, each holding a request 10 ms.
 * It serves at most X = 4/S requests a second; past saturation a closed loop of N users thinking Z waits
 * R = N/X − Z, so the most users with a mean response time at most L is N = X·(L + Z).
 */
// up to three searches of 45-90 s each, on a machine busy enough to need them
@Timeout(420)
class SyntheticCapacitySearchTest {

    private static final int THREADS = 4;
    private static final Duration SERVICE = Duration.ofMillis(10);
    private static final Duration THINK = Duration.ofMillis(200);
    private static final Duration LATENCY_LIMIT = Duration.ofMillis(100);

    /**
     * The boundary steps as long as the others: a search's default makes them 3 windows long against a shared
     * machine's stalls (CapacitySearchTest holds that), and this one runs alone; its five boundary steps took 35 s
     * more so.
     */
    static final BoundaryPlan BOUNDARY_STEPS_OF_THE_WINDOW = new BoundaryPlan(1, BoundaryPlan.DEFAULT.minSteps(),
            BoundaryPlan.DEFAULT.maxSteps(), BoundaryPlan.DEFAULT.narrowEnough());

    /** A search whose steps were all valid is the one judged; see {@link #searchOnAMachineThatLetsTheDriverKeepTime}. */
    private static final int SEARCHES = 3;

    /** One search: every step the search judged, what it found, and the pool's real mean hold time. */
    private record Search(List<StepOutcome> seen, CapacityResult result, Duration hold) {
        List<String> invalidSteps() {
            return seen.stream().filter(o -> !o.measurement().valid())
                    .map(o -> o.users() + " users: " + String.join("; ", o.measurement().invalidReasons())).toList();
        }
    }

    /**
     * Alone: the search judges steps by a driver that keeps time. Beside the suite's other test JVMs the driver woke
     * users 5-8% late, and two of three searches had INVALID steps in a fresh clone's suite (30 Nov 2026): 266 s,
     * the scenarios module's longest class, on one JVM while the other three had run out of classes.
     */
    @Test
    @Tag("alone")
    void theSearchFindsTheCapacityLittlesLawPredictsWithinTenPercent(@TempDir Path runs) throws Exception {
        Search search = searchOnAMachineThatLetsTheDriverKeepTime(runs);
        CapacityResult result = search.result();
        List<StepOutcome> seen = search.seen();
        Duration hold = search.hold();

        // The pool's real hold time (10 ms plus the sleep's overshoot on a busy machine) sets its real capacity.
        double maxThroughput = THREADS / (hold.toNanos() / 1e9);
        double expectedUsers = maxThroughput * (LATENCY_LIMIT.toNanos() + THINK.toNanos()) / 1e9;
        assertThat(result.usersSustained()).as("users sustained, expected about %.0f; steps %s", expectedUsers,
                        seen.stream().map(o -> o.users() + (o.passed() ? " pass" : " fail " + o.broken())).toList())
                .isCloseTo((int) Math.round(expectedUsers), within((int) Math.ceil(expectedUsers * 0.10)));
        assertThat(result.binding()).contains(Limit.LATENCY);
        assertThat(result.atCapacity()).hasValueSatisfying(nearest -> assertThat(
                nearest.measurement().throughputPerSec()).isCloseTo(maxThroughput, within(maxThroughput * 0.15)));
        // stepped up by doubling from 20 users, then bisected, then the boundary steps near the answer
        assertThat(seen.getFirst().users()).isEqualTo(20);
        assertThat(seen.getFirst().phase()).isEqualTo(StepOutcome.Phase.STEP_UP);
        assertThat(seen).anySatisfy(o -> assertThat(o.phase()).isEqualTo(StepOutcome.Phase.BISECT));
        assertThat(seen).hasSameSizeAs(result.steps());
    }

    /**
     * The search, run again (at most {@value #SEARCHES} times in all) while one of its steps was INVALID. On a
     * machine other processes hold the driver's users are woken late: at load 30-40 on 2 cores (26 Nov 2026) one
     * step of a search read "think time drifted" (212-216 ms taken for 200 ms, 6-8% late), and at load 28-40 the
     * pool's 10 ms hold once took 80-160 ms and every step read INVALID (Little's law 8-25% off). An INVALID step
     * counts as failed, so the search settled below the server's capacity. The validity rules refuse such steps rightly;
     * what the test claims is about the search, so it is judged on a search whose every step was valid: the load
     * on a shared machine comes and goes, and on an idle one the first search is. If none of {@value #SEARCHES}
     * was, the test fails naming every INVALID step's reasons: no capacity was measured, which is no pass.
     */
    private static Search searchOnAMachineThatLetsTheDriverKeepTime(Path runs) throws Exception {
        List<String> invalid = new ArrayList<>();
        for (int attempt = 1; attempt <= SEARCHES; attempt++) {
            Search search = search(Files.createDirectories(runs.resolve("search-" + attempt)));
            if (search.invalidSteps().isEmpty()) {
                return search;
            }
            invalid.add("search " + attempt + ": " + search.invalidSteps());
            System.out.println("replsim test: search " + attempt + " had INVALID steps, searching again: "
                    + search.invalidSteps());
        }
        throw new AssertionError("no search of " + SEARCHES + " had every step valid: the driver could not keep"
                + " time on this machine, so no capacity was measured: " + invalid);
    }

    private static Search search(Path runs) throws Exception {
        // a 3 s steady window: on a busy 2-core machine a shorter one lets noise decide steps near the knee
        ScenarioSpec spec = ScenarioLoader.parse("""
                name: synthetic
                cluster: {nodes: 1}
                load:
                  users: 20
                  thinkTime: 200ms
                  rampUp: 500ms
                  warmUp: 1s
                  duration: 4500ms
                """, "synthetic.yaml");
        CapacityCriteria criteria = new CapacityCriteria(LatencyStatistic.MEAN, LATENCY_LIMIT, 0.6, 0.001);
        List<StepOutcome> seen = new ArrayList<>();
        try (FixedServiceCounter server = new FixedServiceCounter(THREADS, SERVICE);
             ExternalRuntime runtime = new ExternalRuntime(new ExternalTarget(server.endpoints(), "/counter",
                     TargetProtocol.REPLSIM, Optional.empty(), Optional.empty()), line -> { })) {
            // each step a run on the server as a cluster replsim does not run: its CPU is not read
            RunStep step = new RunStep(spec, runtime, new LoadTarget(server.endpoints(), "/counter",
                    TargetProtocol.REPLSIM), RunDirectory.create(runs, "synthetic", LocalDateTime.now()), System.out,
                    users -> "step-" + users + "users");
            CapacityResult result = new CapacitySearch(new SearchPlan(20, 2, 0.05, SearchPlan.DEFAULT_MAX_STEPS, 2_000,
                    spec.load().steady(), BOUNDARY_STEPS_OF_THE_WINDOW), criteria, step,
                    outcome -> {
                        seen.add(outcome);
                        new CapacityConsole(System.out).step(outcome);
                    }).run();
            // every step's users logged out when it ended: no step ran with an earlier step's sessions resident
            assertThat(server.sessionsHeld()).isZero();
            return new Search(seen, result, server.meanHoldTime());
        }
    }
}

package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.pathsOf;
import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static io.replsim.scenario.spec.Scenarios.rejectionOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.settings.DurationText;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Each kind of mistake in a scenario's content: the exact path, the value as written and what is expected. */
class ScenarioProblemsTest {

    @Test
    void missingRequiredFieldsAreEachReportedWithTheirPath() {
        List<SpecProblem> problems = problemsOf("""
                description: no name, no node count, no load
                cluster:
                  workers: 8
                """);

        assertThat(problems).containsExactly(
                new SpecProblem("name", null, "a name of up to 64 letters, digits, '-' and '_' (it names the run"
                        + " directory), such as quickstart"),
                new SpecProblem("cluster.nodes", null, "a whole number from 1 to 16"),
                new SpecProblem("load", null,
                        "a map with the fields users, thinkTime, rampUp, duration, requestTimeout, thinkDistribution,"
                                + " thinkMode, warmUp, script, model, rate, arrivals, sessions, connections, sessionLength, runtime, history, seed, tabs"));
        assertThat(problems.get(1)).hasToString("cluster.nodes: missing; expected a whole number from 1 to 16");
    }

    @Test
    void missingFieldsInsideAGivenSectionAreReportedWithTheirPath() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3}
                load: {rampUp: 1s}
                faults:
                  - type: kill
                """);

        assertThat(pathsOf(problems)).containsExactly(
                "load.users", "load.thinkTime", "load.duration", "faults[0].at", "faults[0].target");
        assertThat(problems).allSatisfy(problem -> assertThat(problem.value()).isNull());
    }

    @Test
    void wrongTypesAreReportedWithTheValueAsWritten() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: [3, 16]
                load:
                  users: sixty
                  thinkTime: [500ms]
                  duration: 45s
                faults: {type: kill, at: 20s, target: node1}
                checks:
                  maxSessionsLost: none
                """);

        assertThat(ClusterReader.FIELDS).startsWith("nodes", "workers", "cpuBudget")
                .endsWith("heap", "runtime", "fullGcEvery", "jfr", "metrics");
        assertThat(problems).containsExactly(
                // The node's own settings (workers, cpuBudget, and any added to NodeResources) sit among the runner's.
                new SpecProblem("cluster", "[3, 16]", MapReader.expectation(ClusterReader.FIELDS)),
                new SpecProblem("load.users", "sixty", "a whole number from 1 to 100000"),
                new SpecProblem("load.thinkTime", "[500ms]", "a duration such as 500ms, 20s or 1m"),
                new SpecProblem("faults", "{type: kill, at: 20s, target: node1}",
                        "a list of faults, such as - {type: kill, at: 20s, target: primary-of-most}"),
                new SpecProblem("checks.maxSessionsLost", "none", "a whole number, 0 or more"));
    }

    @Test
    void unknownKeyIsReportedWithTheKnownOnesAndTheLikelyIntendedOne() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3, node: 4}
                load:
                  users: 60
                  thinktime: 500ms
                  thinkTime: 500ms
                  duration: 45s
                colour: blue
                """);

        assertThat(pathsOf(problems)).containsExactly("colour", "cluster.node", "load.thinktime");
        assertThat(problems.get(2)).hasToString("load.thinktime: \"thinktime\" is not valid; expected one of the"
                + " fields of load: users, thinkTime, rampUp, duration, requestTimeout, thinkDistribution, thinkMode,"
                + " warmUp, script, model, rate, arrivals, sessions, connections, sessionLength, runtime, history, seed, tabs (did you mean thinkTime?)");
        assertThat(problems.get(0).expected()).startsWith("one of the top-level fields: name, description, cluster")
                .doesNotContain("did you mean");
        assertThat(problems.get(1).expected()).endsWith("(did you mean nodes?)");
    }

    @Test
    void badDurationIsReportedWithExamples() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3}
                load: {users: 60, thinkTime: fast, duration: 45s}
                """);

        assertThat(problems).singleElement().hasToString(
                "load.thinkTime: \"fast\" is not valid; expected a duration such as 500ms, 20s or 1m");
    }

    @Test
    void durationWithoutUnitAsksForTheUnit() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3}
                load: {users: 60, thinkTime: 500, duration: "45", requestTimeout: -5s}
                """);

        assertThat(problems).containsExactly(
                new SpecProblem("load.thinkTime", "500", DurationText.WITH_UNIT),
                new SpecProblem("load.duration", "45", DurationText.WITH_UNIT),
                new SpecProblem("load.requestTimeout", "-5s", DurationText.EXAMPLES));
        assertThat(DurationText.WITH_UNIT).contains("with a unit");
    }

    @Test
    void badSizeIsReportedWithExamples() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3, heap: lots}
                workload: {payload: 4 parsecs}
                load: {users: 60, thinkTime: 1s, duration: 45s}
                """);

        assertThat(problems).containsExactly(
                new SpecProblem("cluster.heap", "lots", "a size such as 512 (bytes), 4KB, 256m or 1g"),
                new SpecProblem("workload.payload", "4 parsecs", "a size such as 512 (bytes), 4KB, 256m or 1g"));
    }

    @Test
    void outOfRangeValuesAreReportedWithTheirRange() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 17, workers: 0, cpuBudget: 65, heap: 16m}
                replication: {syncTimeout: 0s}
                workload: {payload: 17MB}
                load: {users: 100001, thinkTime: 1s, duration: 25h, requestTimeout: 0ms}
                checks: {maxSessionsLost: -1, p90Below: 0ms}
                """);

        assertThat(problems).containsExactly(
                new SpecProblem("cluster.nodes", "17", "a whole number from 1 to 16"),
                new SpecProblem("cluster.workers", "0", "a whole number from 1 to 1000"),
                new SpecProblem("cluster.cpuBudget", "65", "a number of cores above 0 and at most 64, such as 0.66"),
                new SpecProblem("cluster.heap", "16m", "a size from 32MB to 32GB, such as 256m"),
                new SpecProblem("replication.syncTimeout", "0s", "a duration above 0s and at most 10m, such as 2s"),
                new SpecProblem("workload.payload", "17MB", "a size from 0 to 16MB, such as 4KB"),
                new SpecProblem("load.users", "100001", "a whole number from 1 to 100000"),
                new SpecProblem("load.duration", "25h", "a duration above 0s and at most 24h, such as 45s"),
                new SpecProblem("load.requestTimeout", "0ms", "a duration above 0s and at most 10m, such as 5s"),
                new SpecProblem("checks.maxSessionsLost", "-1", "a whole number, 0 or more"),
                new SpecProblem("checks.p90Below", "0ms", "a duration above 0s and at most 24h, such as 800ms"));
    }

    /**
     * Every duration and number a scenario states has an upper bound too, and a number is finite: a request timeout
     * of a thousand hours overflowed the clients' millisecond int, and YAML's .nan failed the reading with a stack
     * trace instead of a problem.
     */
    @Test
    void tooLargeAndNonFiniteValuesAreReportedWithTheirRange() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3, cpuBudget: NaN, fullGcEvery: 25h}
                replication: {syncTimeout: 11m, maxUnreplicatedInterval: 25h}
                load: {users: 10, thinkTime: 2h, duration: 1m, requestTimeout: 1000000h, sessionLength: 25h}
                faults:
                  - {type: delay, at: 10s, target: node1, delay: 11m, for: 25h}
                  - {type: kill, every: 25h, target: node2}
                checks: {p90Below: 25h, maxFailover: 25h}
                capacity: {latencyLimit: 11m, cpuLimit: 1e999, errorLimit: -1e999, maxSteps: 1}
                """);

        assertThat(problems).containsExactlyInAnyOrder(
                new SpecProblem("cluster.cpuBudget", "NaN", "a number of cores above 0 and at most 64, such as 0.66"),
                new SpecProblem("cluster.fullGcEvery", "25h", "a duration from 10s to 24h, such as 1m: how often every"
                        + " node runs a full collection for the heap trend"),
                new SpecProblem("replication.syncTimeout", "11m", "a duration above 0s and at most 10m, such as 2s"),
                new SpecProblem("replication.maxUnreplicatedInterval", "25h",
                        "a duration from 0s (every request) to 24h, such as 60s"),
                new SpecProblem("load.thinkTime", "2h", "a duration from 0s (no pause) to 1h, such as 500ms"),
                new SpecProblem("load.requestTimeout", "1000000h", "a duration above 0s and at most 10m, such as 5s"),
                new SpecProblem("load.sessionLength", "25h", "a duration above 0s and at most 24h, such as 1m: how"
                        + " long a user keeps a session before its logout"),
                new SpecProblem("faults[0].delay", "11m", "a duration above 0s and at most 10m, such as 200ms"),
                new SpecProblem("faults[0].for", "25h", "a duration above 0s and at most 24h, such as 5s"),
                new SpecProblem("faults[1].every", "25h", "a duration above 0s and at most 24h, such as 5s"),
                new SpecProblem("checks.p90Below", "25h", "a duration above 0s and at most 24h, such as 800ms"),
                new SpecProblem("checks.maxFailover", "25h", "a duration above 0s and at most 24h, such as 800ms"),
                new SpecProblem("capacity.latencyLimit", "11m",
                        "a duration above 0s and at most 10m (the longest request timeout), such as 800ms"),
                new SpecProblem("capacity.cpuLimit", "Infinity",
                        "a share of each node's CPU budget above 0 and at most 1, such as 0.6"),
                new SpecProblem("capacity.errorLimit", "-Infinity", "a share of attempts (failed over all) from 0 to 1, such as 0.001"),
                new SpecProblem("capacity.maxSteps", "1", "a whole number from 2 to 100"));
    }

    @Test
    void unknownChoicesListWhatIsAccepted() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3}
                replication: {placement: buddy, granularity: delta, delivery: eventually}
                workload: {app: basket}
                load: {users: 60, thinkTime: 1s, duration: 45s}
                faults:
                  - {type: corrupt, at: 1s}
                """);

        assertThat(problems).containsExactly(
                new SpecProblem("replication.placement", "buddy", "a placement, one of: all, buddies, none"),
                new SpecProblem("replication.granularity", "delta", "a granularity, one of: session, attribute"),
                new SpecProblem("replication.delivery", "eventually", "a delivery, one of: sync, async"),
                new SpecProblem("workload.app", "basket", "an app, one of: counter, profile, bean, cart"),
                new SpecProblem("faults[0].type", "corrupt",
                        "a fault type, one of: kill, double-kill, stop, pause, resume, partition, delay, discard, reset, restart"));
    }

    @Test
    void faultAtOrBeyondTheLoadDurationIsReported() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3}
                load: {users: 60, thinkTime: 1s, duration: 45s}
                faults:
                  - {type: kill, at: 44.999s, target: node1}
                  - {type: kill, at: 45s, target: node2}
                """);

        assertThat(problems).singleElement().isEqualTo(new SpecProblem("faults[1].at", "45s",
                "a time before the end of the load, load.duration (45s), counted from the start of the load"));
    }

    @Test
    void faultBeyondTheDurationIsReportedEvenWhenAnotherLoadFieldIsWrong() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3}
                load: {thinkTime: 1s, duration: 45s}
                faults:
                  - {type: kill, at: 1m, target: node1}
                """);

        assertThat(pathsOf(problems)).containsExactly("load.users", "faults[0].at");
    }

    @Test
    void unknownNamedTargetIsReportedWithTheClustersNodeNames() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3}
                load: {users: 60, thinkTime: 1s, duration: 45s}
                faults:
                  - {type: kill, at: 20s, target: node4}
                  - {type: kill, at: 20s, target: primary}
                """);

        String expected = "primary-of-most, coordinator, random, buddy-of:<node>, primary-of-user:<user> (a user from 0"
                + " to 59) or a node name, one of: node1, node2, node3";
        assertThat(problems).containsExactly(
                new SpecProblem("faults[0].target", "node4", expected),
                new SpecProblem("faults[1].target", "primary", expected));
    }

    @Test
    void killInAOneNodeClusterIsReported() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 1}
                load: {users: 60, thinkTime: 1s, duration: 45s}
                faults:
                  - {type: kill, at: 20s, target: node1}
                """);

        assertThat(problems).singleElement().isEqualTo(new SpecProblem("faults[0]",
                "{type: kill, at: 20s, target: node1}",
                "a cluster of at least 2 nodes for a kill (cluster.nodes is 1):"
                        + " nothing would survive to take over the sessions"));
    }

    @Test
    void killingEveryNodeIsReportedOnTheKillThatLeavesNoSurvivor() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 2}
                load: {users: 60, thinkTime: 1s, duration: 45s}
                faults:
                  - {type: kill, at: 10s, target: primary-of-most}
                  - {type: kill, at: 20s, target: primary-of-most}
                """);

        assertThat(problems).singleElement().isEqualTo(new SpecProblem("faults[1]",
                "{type: kill, at: 20s, target: primary-of-most}",
                "at most 1 kill with cluster.nodes 2: one node must survive to take over the sessions"));
    }

    @Test
    void rampUpNotShorterThanTheDurationIsReported() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3}
                load: {users: 60, thinkTime: 1s, rampUp: 45s, duration: 45s}
                """);

        assertThat(problems).singleElement().isEqualTo(
                new SpecProblem("load.rampUp", "45s", "a duration shorter than load.duration (45s)"));
    }

    @Test
    void checkWithoutValueIsReportedNotDropped() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3}
                load: {users: 60, thinkTime: 1s, duration: 45s}
                checks:
                  maxFailover:
                """);

        assertThat(problems).singleElement().isEqualTo(
                new SpecProblem("checks.maxFailover", null, "a duration such as 500ms, 20s or 1m"));
    }

    @Test
    void badNameIsReported() {
        List<SpecProblem> problems = problemsOf("""
                name: my scenario/1
                cluster: {nodes: 3}
                load: {users: 60, thinkTime: 1s, duration: 45s}
                """);

        assertThat(problems).singleElement().satisfies(problem -> {
            assertThat(problem.path()).isEqualTo("name");
            assertThat(problem.value()).isEqualTo("my scenario/1");
            assertThat(problem.expected()).contains("letters, digits, '-' and '_'");
        });
    }

    @Test
    void severalProblemsAreReportedTogetherInOnePass() throws Exception {
        SpecException rejection = rejectionOf(java.nio.file.Files.readString(
                ScenarioDefaultsTest.resource("many-problems.yaml")));

        assertThat(rejection.problems()).containsExactly(
                new SpecProblem("name", "many problems", "a name of up to 64 letters, digits, '-' and '_' (it names"
                        + " the run directory), such as quickstart"),
                new SpecProblem("cluster.workers", "0", "a whole number from 1 to 1000"),
                new SpecProblem("load.thinktime", "thinktime", "one of the fields of load: users, thinkTime, rampUp,"
                        + " duration, requestTimeout, thinkDistribution, thinkMode, warmUp, script, model, rate, arrivals, sessions, connections, sessionLength, runtime, history, seed, tabs (did you mean thinkTime?)"),
                new SpecProblem("load.users", "lots", "a whole number from 1 to 100000"),
                new SpecProblem("load.thinkTime", null, "a duration such as 500ms, 20s or 1m"),
                new SpecProblem("faults[0].at", "40s", "a time before the end of the load, load.duration (30s),"
                        + " counted from the start of the load"),
                new SpecProblem("faults[0].target", "node9",
                        "primary-of-most, coordinator, random, buddy-of:<node>, primary-of-user:<user> (a user from 0)"
                                + " or a node name, one of: node1, node2, node3"),
                new SpecProblem("checks.p90Below", "800", DurationText.WITH_UNIT));
        assertThat(rejection.getMessage().lines()).hasSize(8).allSatisfy(line -> assertThat(line).startsWith(
                "test.yaml: "));
    }
}

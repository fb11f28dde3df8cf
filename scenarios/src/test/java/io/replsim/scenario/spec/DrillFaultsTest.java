package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every fault type and schedule a drill can state, read into typed records; and what is refused, by path. */
class DrillFaultsTest {
    private static final String HEAD = """
            name: drill
            cluster: {nodes: 3}
            load: {users: 10, thinkTime: 1s, duration: 60s}
            faults:
            """;

    private static List<FaultSpec> faultsOf(String faults) throws SpecException {
        return ScenarioLoader.parse(HEAD + faults, Scenarios.SOURCE).faults();
    }

    @Test
    void everyFaultTypeReadsIntoItsRecord() throws Exception {
        List<FaultSpec> faults = faultsOf("""
                  - {type: stop, at: 1s, target: coordinator}
                  - {type: pause, at: 2s, target: node2, for: 5s}
                  - {type: pause, at: 3s, target: random, seed: 7}
                  - {type: resume, at: 4s, target: node3}
                  - {type: resume, at: 5s}
                  - {type: partition, at: 6s, sides: [[node1], [node2, node3]], for: 10s}
                  - {type: partition, at: 7s, target: primary-of-most}
                  - {type: delay, at: 8s, target: node1, delay: 200ms, for: 3s}
                  - {type: restart, at: 9s, target: node1}
                  - {type: kill, every: 10s, from: 20s, until: 35s, target: random}
                """);

        assertThat(faults).containsExactly(
                new StopSpec(new Schedule.At(Duration.ofSeconds(1)), new NodeSelector.Coordinator()),
                new PauseSpec(new Schedule.At(Duration.ofSeconds(2)), new NodeSelector.Named("node2"),
                        Optional.of(Duration.ofSeconds(5))),
                new PauseSpec(new Schedule.At(Duration.ofSeconds(3)), new NodeSelector.Random(7), Optional.empty()),
                new ResumeSpec(new Schedule.At(Duration.ofSeconds(4)), Optional.of("node3")),
                new ResumeSpec(new Schedule.At(Duration.ofSeconds(5)), Optional.empty()),
                new PartitionSpec(new Schedule.At(Duration.ofSeconds(6)),
                        new PartitionSpec.Named(List.of(List.of("node1"), List.of("node2", "node3"))),
                        Optional.of(Duration.ofSeconds(10))),
                new PartitionSpec(new Schedule.At(Duration.ofSeconds(7)),
                        new PartitionSpec.Isolate(new NodeSelector.PrimaryOfMost()), Optional.empty()),
                new DelaySpec(new Schedule.At(Duration.ofSeconds(8)), new NodeSelector.Named("node1"),
                        Duration.ofMillis(200), Optional.of(Duration.ofSeconds(3))),
                new RestartSpec(new Schedule.At(Duration.ofSeconds(9)), new NodeSelector.Named("node1")),
                new KillSpec(new Schedule.Every(Duration.ofSeconds(10), Duration.ofSeconds(20), Duration.ofSeconds(35)),
                        new NodeSelector.Random(1)));
        assertThat(faults.getLast().schedule().times()).containsExactly(Duration.ofSeconds(20),
                Duration.ofSeconds(30));
    }

    @Test
    void anEveryWithoutUntilRunsToTheEndOfTheLoad() throws Exception {
        Schedule schedule = faultsOf("  - {type: pause, every: 25s, target: node1, for: 1s}\n").getFirst().schedule();

        assertThat(schedule).isEqualTo(new Schedule.Every(Duration.ofSeconds(25), Duration.ZERO, Duration.ofSeconds(60)));
        assertThat(schedule.times()).containsExactly(Duration.ZERO, Duration.ofSeconds(25), Duration.ofSeconds(50));
    }

    @Test
    void aFieldOfAnotherTypeIsReportedWithTheFieldsThisTypeHas() {
        assertThat(problemsOf(HEAD + "  - {type: kill, at: 5s, target: node1, for: 5s}\n")).singleElement()
                .isEqualTo(new SpecProblem("faults[0].for", "for",
                        "one of the fields of faults[0]: type, at, every, random, from, until, seed, target, expect"));
    }

    @Test
    void scheduleMistakesAreReportedAtTheirField() {
        List<SpecProblem> problems = problemsOf(HEAD + """
                  - {type: pause, at: 5s, every: 10s, target: node1}
                  - {type: pause, at: 5s, from: 10s, target: node1}
                  - {type: pause, every: 0s, target: node1}
                  - {type: pause, every: 5s, from: 30s, until: 20s, target: node1}
                  - {type: pause, target: node1}
                """);

        assertThat(Scenarios.pathsOf(problems)).containsExactly("faults[0].at", "faults[1].from", "faults[2].every",
                "faults[3].until", "faults[4].at");
        assertThat(problems.get(0).expected()).isEqualTo("one of at (once), every (repeatedly) or random (at seeded random times), not several");
        assertThat(problems.get(3).expected()).isEqualTo("a time after from (30s) and at most the load's end (1m)");
    }

    @Test
    void partitionMistakesAreReported() {
        List<SpecProblem> problems = problemsOf(HEAD + """
                  - {type: partition, at: 5s, sides: [[node1], [node1, node2]]}
                  - {type: partition, at: 5s, sides: [[node1], [node4]]}
                  - {type: partition, at: 5s, sides: [[node1, node2, node3]]}
                  - {type: partition, at: 5s, sides: [[node1], [node2]], target: node3}
                  - {type: partition, at: 5s}
                  - {type: partition, at: 5s, target: node1, for: 0s}
                """);

        assertThat(Scenarios.pathsOf(problems)).containsExactly("faults[0].sides", "faults[1].sides",
                "faults[2].sides", "faults[3].target", "faults[4].sides", "faults[5].for");
        assertThat(problems.getFirst().expected()).isEqualTo("two or more lists of node names, no node on two,"
                + " such as [[node1], [node2, node3]]; the nodes are node1, node2, node3");
    }

    @Test
    void targetMistakesAreReported() {
        List<SpecProblem> problems = problemsOf(HEAD + """
                  - {type: pause, at: 5s, target: node1, seed: 3}
                  - {type: resume, at: 5s, target: primary-of-most}
                  - {type: delay, at: 5s, target: node1}
                  - {type: delay, at: 5s, target: node1, delay: 0ms}
                """);

        assertThat(problems).extracting(SpecProblem::path, SpecProblem::expected).containsExactly(
                org.assertj.core.groups.Tuple.tuple("faults[0].seed", "no seed unless the target or the times are random"),
                org.assertj.core.groups.Tuple.tuple("faults[1].target",
                        "a paused node's name, one of: node1, node2, node3"),
                org.assertj.core.groups.Tuple.tuple("faults[2].delay", "a duration such as 500ms, 20s or 1m"),
                org.assertj.core.groups.Tuple.tuple("faults[3].delay", "a duration above 0s and at most 10m, such as 200ms"));
    }

    @Test
    void aRestartBringsANodeBackSoALaterKillStillLeavesASurvivor() throws Exception {
        String twoNodes = HEAD.replace("nodes: 3", "nodes: 2");
        String faults = """
                  - {type: kill, at: 10s, target: node1}
                  - {type: restart, at: 20s, target: node1}
                  - {type: stop, at: 30s, target: node2}
                """;
        assertThat(ScenarioLoader.parse(twoNodes + faults, Scenarios.SOURCE).faults()).hasSize(3);

        assertThat(problemsOf(twoNodes + "  - {type: kill, every: 10s, from: 10s, until: 30s, target: random}\n"))
                .singleElement().extracting(SpecProblem::path).isEqualTo("faults[0]");
    }

    @Test
    void drillChecksReadIntoTheirRecordsAndABadFractionIsReported() throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse(HEAD + """
                  - {type: pause, at: 5s, target: node1, for: 5s}
                checks:
                  maxErrorsPerFault: 50
                  maxP90Recovery: 10s
                  maxMergeAfterHeal: 8s
                  maxSurvivorCpu: 0.6
                """, Scenarios.SOURCE);

        assertThat(spec.checks()).containsExactly(new Check.MaxErrorsPerFault(50),
                new Check.MaxP90Recovery(Duration.ofSeconds(10)), new Check.MaxMergeAfterHeal(Duration.ofSeconds(8)),
                new Check.MaxSurvivorCpu(0.6));
        assertThat(problemsOf(HEAD + "  - {type: pause, at: 5s, target: node1}\nchecks: {maxSurvivorCpu: 60}\n"))
                .singleElement().isEqualTo(new SpecProblem("checks.maxSurvivorCpu", "60",
                        "a fraction of the CPU budget above 0 and at most 1, such as 0.6"));
    }

    @Test
    void randomTimesAreDrawnWithTheFaultsSeedWithinFromAndUntil() throws Exception {
        List<FaultSpec> faults = faultsOf("""
                  - {type: pause, random: 4, from: 10s, until: 50s, seed: 7, target: random, for: 2s}
                  - {type: pause, random: 4, from: 10s, until: 50s, seed: 7, target: node1, for: 2s}
                  - {type: delay, random: 2, target: node2, delay: 100ms}
                """);

        Schedule first = faults.get(0).schedule();
        assertThat(first).isEqualTo(new Schedule.Random(4, Duration.ofSeconds(10), Duration.ofSeconds(50), 7));
        assertThat(((PauseSpec) faults.get(0)).target()).as("one seed for both draws")
                .isEqualTo(new NodeSelector.Random(7));
        assertThat(first.times()).hasSize(4).isSorted()
                .allSatisfy(time -> assertThat(time).isBetween(Duration.ofSeconds(10), Duration.ofMillis(49_999)))
                .as("the same seed draws the same times").isEqualTo(faults.get(1).schedule().times());
        assertThat(faults.get(2).schedule()).isEqualTo(new Schedule.Random(2, Duration.ZERO, Duration.ofSeconds(60), 1));
        assertThat(problemsOf(HEAD + "  - {type: kill, random: 0, target: node1}\n")).singleElement()
                .extracting(SpecProblem::path).isEqualTo("faults[0].random");
    }

    @Test
    void aDoubleFailureIsAKillAndAKillOfTheSameNodesBuddyAMomentLater() throws Exception {
        List<FaultSpec> faults = faultsOf("""
                  - {type: kill, at: 20s, target: node1}
                  - {type: kill, at: 20.5s, target: buddy-of:node1}
                """);

        assertThat(faults.get(1)).isEqualTo(new KillSpec(Duration.ofMillis(20_500), new NodeSelector.BuddyOf("node1")));
        assertThat(problemsOf(HEAD + "  - {type: kill, at: 20s, target: buddy-of:node7}\n")).singleElement()
                .extracting(SpecProblem::path).isEqualTo("faults[0].target");
    }

    @Test
    void aDoubleKillAndAUsersPrimaryReadIntoTheirRecords() throws Exception {
        List<FaultSpec> faults = faultsOf("""
                  - {type: double-kill, at: 20s, target: primary-of-most, gap: 500ms}
                  - {type: pause, at: 30s, target: primary-of-user:9}
                """);

        assertThat(faults).containsExactly(
                new DoubleKillSpec(new Schedule.At(Duration.ofSeconds(20)), new NodeSelector.PrimaryOfMost(),
                        Duration.ofMillis(500)),
                new PauseSpec(new Schedule.At(Duration.ofSeconds(30)), new NodeSelector.PrimaryOfUser(9),
                        Optional.empty()));
    }

    @Test
    void doubleKillAndUserTargetMistakesAreReported() {
        List<SpecProblem> problems = problemsOf(HEAD + """
                  - {type: double-kill, at: 20s, target: node1}
                  - {type: restart, at: 20.5s, target: node1}
                  - {type: restart, at: 20.6s, target: node2}
                  - {type: double-kill, at: 21s, target: node1, gap: 11s}
                  - {type: pause, at: 22s, target: primary-of-user:10}
                  - {type: pause, at: 23s, target: primary-of-user:me}
                """);

        assertThat(Scenarios.pathsOf(problems)).containsExactly("faults[0].gap", "faults[3].gap", "faults[4].target",
                "faults[5].target");
        assertThat(problems.get(2).expected()).contains("primary-of-user:<user> (a user from 0 to 9)");
    }

    @Test
    void aDoubleKillCountsTwoDeathsForTheSurvivorCheck() {
        List<SpecProblem> problems = problemsOf("""
                name: drill
                cluster: {nodes: 2}
                load: {users: 10, thinkTime: 1s, duration: 60s}
                faults:
                  - {type: double-kill, at: 20s, target: node1, gap: 1s}
                """);

        assertThat(Scenarios.pathsOf(problems)).containsExactly("faults[0]");
    }
}

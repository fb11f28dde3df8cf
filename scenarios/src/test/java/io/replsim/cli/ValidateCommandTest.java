package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replsim validate}: a file's problems, and what its runtime (the file's cluster.runtime, or the cluster
 * named with --target) cannot play, the same list {@code replsim run} refuses it with. Nothing is started or asked.
 */
class ValidateCommandTest {

    private static final String TOMCAT_PARTITION = """
            name: tomcat-split
            cluster: {nodes: 3, runtime: tomcat}
            load: {users: 10, thinkTime: 1s, duration: 30s}
            faults:
              - {type: partition, at: 5s, target: node1, for: 5s}
            """;

    private static final String PAUSE_DRILL = """
            name: ext
            cluster: {nodes: 2}
            load: {users: 6, thinkTime: 100ms, duration: 10s}
            faults:
              - {type: kill, at: 5s, target: node1}
              - {type: pause, at: 1s, target: node2, for: 1s}
            """;

    private static final String[] TWO_TARGETS = {"--target", "node1=http://127.0.0.1:1", "--target",
            "node2=http://127.0.0.1:2", "--kill-command", "true"};

    @Test
    void aTomcatDrillWithAPartitionIsRefusedByValidateWithTheLinesRunAndSoakRefuseItWith(@TempDir Path dir)
            throws Exception {
        Path scenario = Files.writeString(dir.resolve("tomcat-split.yaml"), TOMCAT_PARTITION);

        ReplsimCall validated = ReplsimCall.of("validate", scenario.toString());
        ReplsimCall ran = ReplsimCall.of("run", scenario.toString(), "--runs-dir", dir.resolve("runs").toString());
        ReplsimCall soaked = ReplsimCall.of("soak", scenario.toString(), "--repeat", "2", "--runs-dir",
                dir.resolve("runs").toString());

        assertThat(validated.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(validated.out()).doesNotContain("valid");
        String refusal = scenario + ": faults[0].type: a partition needs cutting nodes off from each other (JGroups"
                + " DISCARD, or the network), and runtime tomcat cannot: replsim switches it on in its own nodes'"
                + " JGroups stacks; Tomcat's Tribes has no such switch here; remove it, or run the drill on replsim's"
                + " own nodes (cluster.runtime: process)";
        assertThat(validated.err()).contains("replsim validate: " + scenario + " cannot run on runtime tomcat as it"
                + " is (1 entry):").contains(refusal);
        assertThat(ran.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(ran.err()).contains(refusal);
        assertThat(soaked.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(soaked.err()).contains("replsim soak: " + scenario + " cannot run on runtime tomcat")
                .contains(refusal);
        assertThat(dir.resolve("runs")).as("nothing ran").doesNotExist();
    }

    @Test
    void withTheRunsTargetOptionsValidateJudgesTheFileAgainstThatClusterWithoutAskingIt(@TempDir Path dir)
            throws Exception {
        Path pausing = Files.writeString(dir.resolve("pausing.yaml"), PAUSE_DRILL);
        Path killing = Files.writeString(dir.resolve("killing.yaml"), PAUSE_DRILL.replaceAll("(?m)^.*pause.*\n", ""));

        ReplsimCall onOwnNodes = ReplsimCall.of("validate", pausing.toString());
        ReplsimCall paused = ReplsimCall.of(args("validate", pausing));
        ReplsimCall killed = ReplsimCall.of(args("validate", killing));

        assertThat(onOwnNodes.exit()).isZero();
        assertThat(onOwnNodes.out()).contains(pausing + ": valid (2 nodes, 6 users, 2 fault(s), 0 check(s), runtime"
                + " process)");
        assertThat(paused.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(paused.err()).contains("cannot run on runtime --target as it is (1 entry)")
                .contains(pausing + ": faults[1].type: a pause needs freezing a node");
        assertThat(killed.exit()).as("the targets on ports 1 and 2 are never asked").isZero();
        assertThat(killed.out()).contains("runtime --target)");
    }

    @Test
    void aTargetForATomcatScenarioIsRefusedAsRunRefusesIt(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("tomcat-split.yaml"), TOMCAT_PARTITION);

        ReplsimCall validated = ReplsimCall.of("validate", scenario.toString(), "--target", "node1=http://127.0.0.1:1");

        assertThat(validated.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(validated.err()).contains("replsim validate: --target drives a cluster you run; tomcat-split has"
                + " cluster.runtime tomcat");
    }

    @Test
    void everyShippedScenarioValidatesOnItsOwnRuntime() throws IOException {
        List<Path> shipped;
        // the module's directory, where the scenario files are, and the catalogue's, where matrices are too
        try (Stream<Path> files = Stream.concat(Files.list(Path.of(".")), Files.list(Path.of("catalogue")))) {
            shipped = files.filter(file -> file.toString().endsWith(".yaml")).sorted().toList();
        }

        assertThat(shipped).hasSizeGreaterThan(40);
        assertThat(shipped).allSatisfy(file -> {
            ReplsimCall validated = ReplsimCall.of("validate", file.toString());
            assertThat(validated.exit()).as(file + ": " + validated.err()).isZero();
        });
    }

    @Test
    void aMatrixIsValidatedVariantByVariantAndRunRefusesItPointingAtCompare(@TempDir Path dir) throws Exception {
        Path matrix = scopes(dir, "session, attribute");

        ReplsimCall validated = ReplsimCall.of("validate", matrix.toString());
        ReplsimCall ran = ReplsimCall.of("run", matrix.toString(), "--runs-dir", dir.resolve("runs").toString());

        assertThat(validated.exit()).as(validated.err()).isZero();
        assertThat(validated.out()).contains(matrix + ": a matrix of 2 variants")
                .contains(matrix + " (granularity=session): valid (2 nodes, 4 users")
                .contains(matrix + " (granularity=attribute): valid (2 nodes, 4 users");
        assertThat(ran.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(ran.err()).contains(matrix + ": matrix: ")
                .contains("replsim compare " + matrix + " plays each of its variants");
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    @Test
    void aMatrixValueTheReadersRefuseFailsValidateAtItsKey(@TempDir Path dir) throws Exception {
        Path matrix = scopes(dir, "session, everything");

        ReplsimCall validated = ReplsimCall.of("validate", matrix.toString());

        assertThat(validated.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(validated.err()).contains(matrix + ": matrix: replication.granularity: \"everything\" is not"
                + " valid; expected");
    }

    /** A file whose matrix compares the granularities {@code values} (as a YAML list's items). */
    private static Path scopes(Path dir, String values) throws IOException {
        return Files.writeString(dir.resolve("scopes.yaml"), """
                matrix: {replication.granularity: [%s]}
                name: scopes
                cluster: {nodes: 2}
                load: {users: 4, thinkTime: 200ms, duration: 4s}
                """.formatted(values));
    }

    private static String[] args(String command, Path scenario) {
        return Stream.concat(Stream.of(command, scenario.toString()), Stream.of(TWO_TARGETS)).toArray(String[]::new);
    }
}

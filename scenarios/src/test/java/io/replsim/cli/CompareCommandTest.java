package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.provenance.Jdk;
import io.replsim.scenario.runtime.NodeLauncher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replsim compare} refuses what cannot be compared before it starts a node, plays real node processes round
 * by round, and says NOT COMPARABLE (exit 4) when a run's figures describe the driver rather than the cluster.
 */
@Timeout(300)
@ExtendWith(NoNodeProcessLeft.class)
class CompareCommandTest {

    /**
     * Cycle time, not think time after the response: each user starts a request every 200 ms whatever the response
     * took, so the request rate is the same for every scenario on a loaded machine, as the comparison asks.
     */
    private static String scenario(String name, String replication) {
        return """
                name: %s
                cluster: {nodes: 2, heap: 128m}
                replication: %s
                load: {users: 4, thinkTime: 200ms, thinkMode: cycle-time, rampUp: 1s, duration: 4s}
                checks: {maxSessionsLost: 0}
                """.formatted(name, replication);
    }

    /**
     * A zero cycle time no response can keep: every cycle is missed and the run is INVALID on any machine, with a
     * steady window of any length (1 s here).
     */
    private static String missedCycles(String name) {
        return """
                name: %s
                cluster: {nodes: 1, heap: 128m}
                load: {users: 4, thinkTime: 0s, thinkMode: cycle-time, rampUp: 1s, duration: 2s}
                """.formatted(name);
    }

    /** The compare.json a comparison wrote under {@code runs}. */
    static JsonNode compareJson(Path runs) throws Exception {
        try (Stream<Path> files = Files.walk(runs)) {
            Path json = files.filter(path -> path.getFileName().toString().equals("compare.json")).findFirst()
                    .orElseThrow(() -> new AssertionError("no compare.json under " + runs));
            return new ObjectMapper().readTree(json.toFile());
        }
    }

    @Test
    void oneScenarioWithoutABaselineIsRefused(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(dir.resolve("a.yaml"), scenario("a", "{placement: all}"));

        ReplsimCall ran = ReplsimCall.of("compare", a.toString(), "--runs-dir", dir.resolve("runs").toString());

        assertThat(ran.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(ran.err()).contains("give two scenario files, or one and --baseline");
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    @Test
    void roundsOutsideTheirRangeAreRefused(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(dir.resolve("a.yaml"), scenario("a", "{placement: all}"));
        Path b = Files.writeString(dir.resolve("b.yaml"), scenario("b", "{placement: none}"));

        ReplsimCall ran = ReplsimCall.of("compare", a.toString(), b.toString(), "--rounds", "21", "--runs-dir",
                dir.resolve("runs").toString());

        assertThat(ran.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(ran.err()).contains("replsim compare: --rounds: got 21, expected a whole number from 1 to 20");
    }

    @Test
    void scenariosThatPutAnotherLoadAreRefusedByFieldPathBeforeANodeStarts(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(dir.resolve("a.yaml"), scenario("a", "{placement: all}"));
        Path b = Files.writeString(dir.resolve("b.yaml"), scenario("b", "{placement: all}")
                .replace("users: 4", "users: 8"));

        ReplsimCall ran = ReplsimCall.of("compare", a.toString(), b.toString(), "--runs-dir", dir.resolve("runs").toString());

        assertThat(ran.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(ran.err()).contains("not the same load: load.users: 4 in " + a + ", 8 in " + b);
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    @Test
    void anotherUserRuntimeIsNamedAsTheDriversDifferingNotRefusedAsAnotherLoad(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(dir.resolve("a.yaml"), scenario("a", "{placement: all}"));
        Path b = Files.writeString(dir.resolve("b.yaml"), scenario("b", "{placement: all}")
                .replace("users: 4", "users: 8").replace("duration: 4s", "duration: 4s, runtime: virtual-threads"));

        ReplsimCall ran = ReplsimCall.of("compare", a.toString(), b.toString(), "--runs-dir", dir.resolve("runs").toString());

        // refused for the users alone: the runtime is said, and is no reason to refuse
        assertThat(ran.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(ran.out()).contains("the drivers differ: load.runtime: event-loop in " + a + ", virtual-threads in "
                + b);
        assertThat(ran.err()).contains("not the same load: load.users: 4 in " + a + ", 8 in " + b)
                .doesNotContain("not the same load: load.runtime");
    }

    @Test
    void aScopeAgainstABaselineIsComparedOnRealNodes(@TempDir Path dir) throws Exception {
        Path none = Files.writeString(dir.resolve("none.yaml"), scenario("none", "{placement: none}"));
        Path session = Files.writeString(dir.resolve("session.yaml"), scenario("session", "{granularity: session}"));

        ReplsimCall ran = ReplsimCall.of("compare", "--baseline", none.toString(), session.toString(), "--rounds", "1",
                "--runs-dir", dir.resolve("runs").toString());

        // Whether the two runs are comparable depends on the machine's load (ComparisonTest and the INVALID runs
        // below make that verdict both ways); what must hold is that the command's exit says the same as its
        // verdict, and that both runs were measured and read together (the ratios' arithmetic: ComparisonTest).
        JsonNode json = compareJson(dir.resolve("runs"));
        boolean comparable = json.get("comparable").asBoolean();
        assertThat(ran.exit()).as(ran.out() + ran.err()).isEqualTo(comparable ? 0 : ReplsimCommand.INVALID_RUN);
        assertThat(ran.out()).contains("compare: round 1/1, 1 of 2: none").contains("compare: round 1/1, 2 of 2:")
                .contains(comparable ? "== compare: COMPARABLE (2 runs: 2 PASS" : "== compare: NOT COMPARABLE (2 runs")
                .contains("0 broke) ==")
                .contains("one round: a single run proves nothing")
                .containsPattern("machine speed: probe [0-9.]+-[0-9.]+ ms over 2 runs \\(each its faster reading");
        assertThat(json.get("baseline").asText()).isEqualTo("none");
        assertThat(json.get("reference").asText()).isEqualTo("session");
        assertThat(json.get("rows")).hasSize(2);
        assertThat(json.at("/rows/0/role").asText()).isEqualTo("baseline");
        assertThat(json.at("/rows/1/role").asText()).isEqualTo("reference");
        for (JsonNode row : json.get("rows")) {
            assertThat(row.at("/nodeCpuCores/min").asDouble()).as(row.toString()).isPositive();
        }
        assertThat(json.at("/rows/1/aboveBaselineCores/min").isNumber()).isTrue();
        assertThat(json.at("/rows/1/replicationMeanMicros/min").asDouble()).as("session replicates to the other node")
                .isPositive();
        assertThat(json.at("/rows/0/replicationMeanMicros/max").asDouble()).as("the baseline replicates nothing")
                .isZero();
        for (JsonNode run : json.get("runs")) {
            assertThat(Path.of(run.get("directory").asText()).resolve("summary.json")).exists();
        }
        JsonNode provenance = json.get("provenance");
        assertThat(provenance.at("/runtime").asText()).isEqualTo("process");
        assertThat(provenance.at("/nodesJdk/version").asText())
                .isEqualTo(Jdk.ofJava(NodeLauncher.currentJvm().java()).version());
        assertThat(provenance.at("/loadAverageBefore").isNumber()).as(provenance.toString()).isTrue();
        assertThat(provenance.at("/loadAverageAfter").isNumber()).as(provenance.toString()).isTrue();
        assertThat(provenance.get("scenarios")).extracting(hash -> hash.get("file").asText())
                .containsExactly(none.toString(), session.toString());
        assertThat(provenance.at("/scenarios/1/sha256").asText()).isEqualTo(HexFormat.of().formatHex(
                MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(session))));
        assertThat(ran.out()).contains("made by replsim ");
        Path csv = Path.of(json.at("/runs/0/directory").asText()).getParent().getParent().resolve("compare.csv");
        assertThat(Files.readAllLines(csv)).as("a row per scenario and figure").hasSize(1 + 2 * 6)
                .anySatisfy(line -> assertThat(line).startsWith("session,reference,node_cpu,cores,1,"));
        assertThat(Files.readString(csv.resolveSibling("compare.html"))).as("compare.html beside it")
                .contains("<svg class=\"chart ratios node-CPU\"").contains("session (reference): node CPU ");
    }

    @Test
    void aMatrixsTwoVariantsAreComparedOnRealNodesEachNamedByItsValuesAndPlayedFromItsOwnFile(@TempDir Path dir)
            throws Exception {
        Path matrix = Files.writeString(dir.resolve("scopes.yaml"), "matrix: {replication.granularity: [session,"
                + " attribute], load.users: [4]}\n" + scenario("scopes", "{placement: all}"));

        ReplsimCall ran = ReplsimCall.of("compare", matrix.toString(), "--rounds", "1", "--runs-dir",
                dir.resolve("runs").toString());

        JsonNode json = compareJson(dir.resolve("runs"));
        boolean comparable = json.get("comparable").asBoolean();
        assertThat(ran.exit()).as(ran.out() + ran.err()).isEqualTo(comparable ? 0 : ReplsimCommand.INVALID_RUN);
        assertThat(json.get("reference").asText()).isEqualTo("granularity=session,users=4");
        assertThat(json.get("rows")).extracting(row -> row.get("scenario").asText())
                .containsExactly("granularity=session,users=4", "granularity=attribute,users=4");
        assertThat(ran.out()).contains("compare: round 1/1, 1 of 2: granularity=session,users=4")
                .contains("compare: round 1/1, 2 of 2: granularity=attribute,users=4");
        Path comparison = Path.of(json.at("/runs/0/directory").asText()).getParent().getParent();
        Path session = comparison.resolve("variants").resolve("scopes-session-4.yaml");
        Path attribute = comparison.resolve("variants").resolve("scopes-attribute-4.yaml");
        assertThat(Files.readString(attribute)).contains("granularity: attribute").doesNotContain("matrix");
        assertThat(json.get("runs")).hasSize(2).allSatisfy(run -> assertThat(
                Path.of(run.get("directory").asText()).resolve("summary.json")).exists());
        assertThat(Path.of(json.at("/runs/1/directory").asText()).resolve("scenario.yaml"))
                .as("the run's copy is the variant as played").hasSameTextualContentAs(attribute);
        // each variant as played, then the matrix file they were written from (what replsim results matches)
        assertThat(json.at("/provenance/scenarios")).extracting(hash -> hash.get("file").asText())
                .containsExactly(session.toString(), attribute.toString(), matrix.toString());
        assertThat(Files.readAllLines(comparison.resolve("compare.csv"))).as("a row per variant and figure")
                .hasSize(1 + 2 * 6)
                .anySatisfy(line -> assertThat(line).startsWith("\"granularity=session,users=4\",reference,node_cpu,"))
                .anySatisfy(line -> assertThat(line).startsWith("\"granularity=attribute,users=4\",compared,node_cpu,"));
    }

    @Test
    void runsJudgedInvalidMakeTheComparisonNotComparable(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(dir.resolve("a.yaml"), missedCycles("a"));
        Path b = Files.writeString(dir.resolve("b.yaml"), missedCycles("b"));

        ReplsimCall ran = ReplsimCall.of("compare", a.toString(), b.toString(), "--rounds", "1", "--runs-dir",
                dir.resolve("runs").toString());

        assertThat(ran.exit()).as(ran.out() + ran.err()).isEqualTo(ReplsimCommand.INVALID_RUN);
        assertThat(ran.out()).contains("== compare: NOT COMPARABLE (2 runs: 0 PASS, 0 FAIL, 2 INVALID, 0 broke) ==");
        assertThat(compareJson(dir.resolve("runs")).get("comparable").asBoolean()).isFalse();
    }
}

package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.loadgen.StubCluster;
import io.replsim.loadgen.StubCluster.Behaviour;
import io.replsim.scenario.provenance.Jdk;
import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.report.ProvenanceColumns;
import io.replsim.scenario.run.InJvmSoak;
import io.replsim.scenario.run.PlayedScenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's summary.json and report.html and a capacity search's summary.json carry the provenance read for them: the
 * runtime and JDK the nodes ran on (not measured for a cluster replsim does not run), the driver's JDK, the cores,
 * the load average before and after, the scenario's SHA-256, and the commit, which says "unknown" here since the
 * tests run replsim's classes, not a jar the launcher baked; a capacity search's capacity.csv has the same on every
 * row, and a soak's soak.json and soak.html their own. compare.json: CompareCommandTest.
 */
@Timeout(120)
class ProvenanceFilesTest {

    private static final String SCENARIO = """
            name: traced
            cluster: {nodes: 1, workers: 4, heap: 96m}
            load: {users: 2, thinkTime: 100ms, duration: 2s}
            """;

    @Test
    void aRunsSummaryAndPageNameWhatMadeThem(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.playInJvm(dir, "traced", SCENARIO);

        JsonNode provenance = json(played.directory().resolve("summary.json")).get("provenance");
        assertThat(provenance.at("/runtime").asText()).isEqualTo("in-jvm");
        assertThat(provenance.at("/nodesJdk/version").asText()).isEqualTo(Jdk.thisJvm().version());
        assertThat(provenance.at("/driverJdk/vendor").asText()).isEqualTo(Jdk.thisJvm().vendor());
        assertCommonFigures(provenance, dir.resolve("traced.yaml"));
        assertThat(played.directory().resolve("scenario.yaml")).hasSameBinaryContentAs(dir.resolve("traced.yaml"));
        assertThat(played.console()).contains("\nmade by   replsim unknown, JDK " + Jdk.thisJvm().describe()
                + ", nodes in-jvm on the same JDK, ");
        assertThat(Files.readString(played.directory().resolve("report.html"))).contains("<h2>Provenance</h2>")
                .contains(sha256(dir.resolve("traced.yaml")));
    }

    @Test
    void aCapacitySearchsSummaryNamesWhatMadeIt(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("searched.yaml"), """
                name: searched
                cluster: {nodes: 1}
                load: {users: 4, thinkTime: 100ms, rampUp: 200ms, warmUp: 300ms, duration: 2s}
                capacity: {warmUp: {minRounds: 1, maxRounds: 1}}
                """);
        ReplsimCall ran;
        try (StubCluster cluster = new StubCluster(Behaviour.REPLICATION_FAILS)) {
            ran = ReplsimCall.of("capacity", scenario.toString(), "--target",
                    "node1=" + cluster.endpoints().getFirst().baseUri(), "--max-users", "8", "--max-steps", "2",
                    "--runs-dir", dir.resolve("runs").toString());
        }

        Path run;
        try (Stream<Path> made = Files.list(dir.resolve("runs"))) {
            run = made.findFirst().orElseThrow();
        }
        JsonNode provenance = json(run.resolve("summary.json")).get("provenance");
        assertThat(provenance).as(ran.out() + ran.err()).isNotNull();
        assertThat(provenance.at("/runtime").asText()).isEqualTo("--target");
        assertThat(provenance.at("/nodesJdk/version").asText()).isEqualTo("not measured (a cluster replsim does not"
                + " run)");
        assertCommonFigures(provenance, scenario);
        assertThat(ran.out()).contains("made by      replsim unknown, JDK ");
        List<String> csv = Files.readAllLines(run.resolve("capacity.csv"));
        String cells = ProvenanceColumns.cells(new ObjectMapper().treeToValue(provenance, Provenance.class));
        assertThat(csv.getFirst()).endsWith(",failed_at_survivors," + ProvenanceColumns.HEADER);
        assertThat(csv.subList(1, csv.size())).as("every step's row: summary.json's provenance").isNotEmpty()
                .allSatisfy(row -> assertThat(row).endsWith("," + cells));
        assertThat(cells).as("the columns' values").startsWith("unknown,,")
                .endsWith("," + sha256(scenario)).contains(",--target,");
    }

    @Test
    void aSoaksJsonAndPageNameWhatMadeThem(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("soaked.yaml"), SCENARIO.replace("traced", "soaked"));

        InJvmSoak played = InJvmSoak.play(dir.resolve("runs"), scenario, 1);

        Path soak = played.directory();
        JsonNode provenance = json(soak.resolve("soak.json")).get("provenance");
        assertThat(provenance).as(played.console()).isNotNull();
        assertThat(provenance.at("/runtime").asText()).isEqualTo("in-jvm");
        assertThat(provenance.at("/nodesJdk/version").asText()).isEqualTo(Jdk.thisJvm().version());
        assertCommonFigures(provenance, scenario);
        assertThat(played.console()).contains("\nmade by   replsim unknown, JDK ");
        assertThat(Files.readString(soak.resolve("soak.html"))).contains("<h2>Provenance</h2>")
                .contains(sha256(scenario));
    }

    private static void assertCommonFigures(JsonNode provenance, Path scenario) throws Exception {
        assertThat(provenance.at("/replsim/commit").asText()).isEqualTo("unknown");
        assertThat(provenance.at("/replsim/dirty").isNull()).isTrue();
        assertThat(provenance.at("/replsim/source").asText()).contains("./replsim launcher bakes the commit");
        assertThat(provenance.at("/cores").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(provenance.at("/memoryBytes").asLong()).isPositive();
        assertThat(provenance.at("/loadAverageBefore").isNumber()).as(provenance.toString()).isTrue();
        assertThat(provenance.at("/loadAverageAfter").isNumber()).as(provenance.toString()).isTrue();
        assertThat(provenance.at("/scenarios/0/file").asText()).isEqualTo(scenario.toString());
        assertThat(provenance.at("/scenarios/0/sha256").asText()).isEqualTo(sha256(scenario));
    }

    private static JsonNode json(Path file) throws Exception {
        return new ObjectMapper().readTree(file.toFile());
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}

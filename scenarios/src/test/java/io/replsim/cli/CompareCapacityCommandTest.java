package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.replsim.loadgen.synthetic.FixedServiceCounter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replsim compare --capacity}: each variant's users sustained searched round after round, interleaved,
 * through the capacity search's entry, here against a counter app started in the test (--target), and what it
 * refuses before a search starts.
 */
@Timeout(180)
class CompareCapacityCommandTest {

    /** One warm-up round: the test is about the comparison's moves and files, not warm figures. */
    private static String scenario(String name, String extra) {
        return """
                name: %s
                cluster: {nodes: 1}
                load: {users: 10, thinkTime: 1s, rampUp: 200ms, warmUp: 300ms, duration: 2s}
                capacity: {warmUp: {minRounds: 1, maxRounds: 1}%s}
                """.formatted(name, extra);
    }

    @Test
    void eachVariantIsSearchedRoundByRoundInterleavedAndReadAgainstTheReference(@TempDir Path dir)
            throws Exception {
        // users differ: each search sets its own, so only what a user does must be the same
        Path a = Files.writeString(dir.resolve("a.yaml"), scenario("a", ""));
        Path b = Files.writeString(dir.resolve("b.yaml"), scenario("b", "").replace("users: 10", "users: 5"));
        Path runs = dir.resolve("runs");
        ReplsimCall ran;
        try (FixedServiceCounter server = new FixedServiceCounter(4, Duration.ofMillis(10))) {
            // --baseline: played first in each round and the reference of every ratio
            ran = ReplsimCall.of("compare", "--capacity", "--baseline", a.toString(), b.toString(), "--rounds", "2",
                    "--target", "app1=" + server.endpoints().getFirst().baseUri(), "--max-users", "20",
                    "--max-steps", "5", "--runs-dir", runs.toString());
        }

        assertThat(ran.exit()).as(ran.out() + ran.err()).isZero();
        assertThat(ran.out()).contains("compare: round 1/2, 1 of 2: a").contains("compare: round 1/2, 2 of 2: b")
                .contains("compare: round 2/2, 1 of 2: a").contains("compare: round 2/2, 2 of 2: b")
                .contains("== compare --capacity: 2 scenarios, 2 rounds interleaved")
                .contains("== compare --capacity: 4 searches: 4 VALID, 0 INVALID, 0 sustained none, 0 broke ==")
                .containsPattern("machine speed: probe [0-9.]+-[0-9.]+ ms over 4 runs \\(each its faster reading");
        JsonNode json = CompareCommandTest.compareJson(runs);
        assertThat(json.get("kind").asText()).isEqualTo("capacity");
        assertThat(json.get("reference").asText()).isEqualTo("a");
        assertThat(json.get("unit").asText()).isEqualTo("users");
        List<String> played = new ArrayList<>();
        json.get("runs").forEach(run -> played.add(run.get("scenario").asText() + run.get("round").asInt()));
        assertThat(played).containsExactly("a1", "b1", "a2", "b2");
        // 20 users at 1 s think want ~20 req/s of a 400 req/s pool: a search reaches its cap, no limit binding it
        // (a step a loaded machine held up past the validity rules fails, and its search answers lower: the
        // ratio below is read from the answers as they came)
        double[] sustained = new double[4];
        for (int i = 0; i < 4; i++) {
            JsonNode run = json.get("runs").get(i);
            sustained[i] = run.at("/figures/usersSustained").asDouble();
            assertThat(sustained[i]).as(run.toString()).isPositive();
            Path search = Path.of(run.get("directory").asText());
            assertThat(search.resolve("summary.json")).exists();
            assertThat(search.resolve("capacity.csv")).exists();
        }
        JsonNode reference = json.at("/rows/0");
        assertThat(reference.get("role").asText()).isEqualTo("reference");
        assertThat(reference.get("searched").asInt()).isEqualTo(2);
        assertThat(reference.at("/usersSustained/min").asDouble()).isEqualTo(Math.min(sustained[0], sustained[2]));
        assertThat(reference.at("/ratio/min").asDouble()).isEqualTo(1.0);
        JsonNode other = json.at("/rows/1");
        assertThat(other.get("scenario").asText()).isEqualTo("b");
        assertThat(other.at("/usersSustained/max").asDouble()).isEqualTo(Math.max(sustained[1], sustained[3]));
        assertThat(other.at("/ratio/min").asDouble()).isEqualTo(Math.min(sustained[1] / sustained[0],
                sustained[3] / sustained[2]));
        assertThat(other.get("binding")).isNotEmpty();
        boolean everyOneCapped = true;
        for (JsonNode run : json.get("runs")) {
            everyOneCapped &= run.at("/figures/binding").isEmpty();
        }
        if (everyOneCapped) {
            // each sustained at least its cap: the ratio has no end on either side, so nothing is shown
            assertThat(other.at("/interval/low").isNull()).as(other.toString()).isTrue();
            assertThat(other.at("/interval/high").isNull()).isTrue();
            assertThat(other.at("/interval/verdict").asText()).isEqualTo("no difference shown");
            assertThat(ran.out()).contains("b: ratio 1.00 (..-..), 95% interval from the searches' own intervals"
                    + " (wider than t over 2 rounds); the variant and the reference each have an answer the cluster's"
                    + " limits did not bind (a cap, the driver or the machine): no end on either side: no difference"
                    + " shown");
        }
        assertThat(json.at("/provenance/runtime").asText()).isEqualTo("--target");
        try (Stream<Path> files = Files.walk(runs)) {
            Path csv = files.filter(path -> path.getFileName().toString().equals("compare.csv")).findFirst()
                    .orElseThrow(() -> new AssertionError("no compare.csv under " + runs));
            List<String> lines = Files.readAllLines(csv);
            assertThat(lines).hasSize(3);
            assertThat(lines.get(1)).startsWith("a,reference,sustained,users,2,");
            assertThat(lines.get(2)).startsWith("b,compared,sustained,users,2,");
            assertThat(Files.readString(csv.resolveSibling("compare.html"))).as("compare.html beside it")
                    .contains("<svg class=\"chart ratios users-sustained\"")
                    .contains("95% interval no low end to no high end").contains("no difference shown");
        }
    }

    @Test
    void aMatrixsVariantsAreSearchedEachNamedByItsValues(@TempDir Path dir) throws Exception {
        Path matrix = Files.writeString(dir.resolve("m.yaml"), "matrix: {load.users: [10, 5]}\n"
                + scenario("m", ""));
        Path runs = dir.resolve("runs");
        ReplsimCall ran;
        try (FixedServiceCounter server = new FixedServiceCounter(4, Duration.ofMillis(10))) {
            ran = ReplsimCall.of("compare", "--capacity", matrix.toString(), "--rounds", "1", "--target",
                    "app1=" + server.endpoints().getFirst().baseUri(), "--max-users", "20", "--max-steps", "8",
                    "--runs-dir", runs.toString()); // steps to spare: a step a loaded machine fails is run again
        }

        String log;
        try (var files = Files.walk(runs)) {
            log = Files.readString(files.filter(file -> file.endsWith("compare.log")).findFirst().orElseThrow());
        }
        assertThat(ran.exit()).as(ran.out() + ran.err() + log).isZero();
        assertThat(ran.out()).contains("compare: round 1/1, 1 of 2: users=10").contains("compare: round 1/1, 2 of 2:"
                + " users=5");
        JsonNode json = CompareCommandTest.compareJson(runs);
        assertThat(json.get("reference").asText()).isEqualTo("users=10");
        assertThat(json.get("rows")).extracting(row -> row.get("scenario").asText())
                .containsExactly("users=10", "users=5");
        Path comparison = Path.of(json.at("/runs/1/directory").asText()).getParent().getParent();
        assertThat(Path.of(json.at("/runs/1/directory").asText()).resolve("scenario.yaml"))
                .hasSameTextualContentAs(comparison.resolve("variants").resolve("m-5.yaml"));
    }

    @Test
    void aMatrixWhoseVariantsPutAnotherLoadIsRefusedNamingTheVariants(@TempDir Path dir) throws Exception {
        Path matrix = Files.writeString(dir.resolve("m.yaml"), "matrix: {load.thinkTime: [1s, 500ms]}\n"
                + scenario("m", ""));

        ReplsimCall ran = ReplsimCall.of("compare", "--capacity", matrix.toString(), "--target",
                "http://127.0.0.1:1", "--runs-dir", dir.resolve("runs").toString());

        assertThat(ran.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(ran.err()).contains("not the same load: load.thinkTime: 1000ms in " + matrix + " (thinkTime=1s),"
                + " 500ms in " + matrix + " (thinkTime=500ms)");
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    @Test
    void aMatrixIsNoBaseline(@TempDir Path dir) throws Exception {
        Path matrix = Files.writeString(dir.resolve("m.yaml"), "matrix: {load.users: [10, 5]}\n"
                + scenario("m", ""));
        Path b = Files.writeString(dir.resolve("b.yaml"), scenario("b", ""));

        ReplsimCall ran = ReplsimCall.of("compare", "--capacity", "--baseline", matrix.toString(), b.toString(),
                "--target", "http://127.0.0.1:1", "--runs-dir", dir.resolve("runs").toString());

        assertThat(ran.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(ran.err()).contains("--baseline " + matrix + " has a matrix of 2 variants; a baseline is one"
                + " scenario");
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    @Test
    void variantsHeldToOtherLimitsAreRefusedNamingBoth(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(dir.resolve("a.yaml"), scenario("a", ""));
        Path b = Files.writeString(dir.resolve("b.yaml"), scenario("b", ", latencyLimit: 400ms"));

        ReplsimCall ran = ReplsimCall.of("compare", "--capacity", a.toString(), b.toString(), "--target",
                "http://127.0.0.1:1", "--runs-dir", dir.resolve("runs").toString());

        assertThat(ran.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(ran.err()).contains("replsim compare: not the same limits: p90 ≤ 800 ms").contains(" in " + a)
                .contains("p90 ≤ 400 ms").contains(" in " + b);
        assertThat(dir.resolve("runs")).as("nothing ran").doesNotExist();
    }

    @Test
    void variantsWhoseUsersDoOtherThingsAreRefusedByFieldPath(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(dir.resolve("a.yaml"), scenario("a", ""));
        Path b = Files.writeString(dir.resolve("b.yaml"), scenario("b", "").replace("thinkTime: 1s",
                "thinkTime: 500ms"));

        ReplsimCall ran = ReplsimCall.of("compare", "--capacity", a.toString(), b.toString(), "--target",
                "http://127.0.0.1:1", "--runs-dir", dir.resolve("runs").toString());

        assertThat(ran.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(ran.err()).contains("not the same load: load.thinkTime: 1000ms in " + a + ", 500ms in " + b);
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    @Test
    void searchFlagsAndATargetWithoutCapacityAreRefused(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(dir.resolve("a.yaml"), scenario("a", ""));
        Path b = Files.writeString(dir.resolve("b.yaml"), scenario("b", ""));

        ReplsimCall ran = ReplsimCall.of("compare", a.toString(), b.toString(), "--max-steps", "4", "--target",
                "http://127.0.0.1:1", "--runs-dir", dir.resolve("runs").toString());

        assertThat(ran.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(ran.err()).contains("replsim compare: --max-steps, --target bound a capacity search: give"
                + " --capacity, or leave them out");
        assertThat(dir.resolve("runs")).doesNotExist();
    }
}

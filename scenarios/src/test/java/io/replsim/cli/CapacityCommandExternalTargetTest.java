package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.loadgen.foreign.ForeignApp;
import io.replsim.loadgen.synthetic.FixedServiceCounter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code replsim capacity --target}: the search against a counter app already running, here one started in the test. */
@Timeout(90)
class CapacityCommandExternalTargetTest {

    private static final String LOAD = """
            name: external
            cluster: {nodes: 1}
            load:
              users: 10
              thinkTime: 1s
              rampUp: 200ms
              warmUp: 300ms
              duration: 2s
            """;

    /**
     * One warm-up round before each search instead of the default four to eight: these tests are about the
     * search's moves and its files against a target, not warm figures (the rounds cost about 2.5 s each).
     */
    private static final String SCENARIO = LOAD + """
            capacity: {warmUp: {minRounds: 1, maxRounds: 1}}
            """;

    private static final int SEARCHES = 3;

    /** One search's exit code and run directory. */
    private record Searched(int exit, Path run) {
        static Searched of(Path scenario, Path runs) throws Exception {
            int exit;
            try (FixedServiceCounter server = new FixedServiceCounter(4, Duration.ofMillis(10))) {
                String url = server.endpoints().getFirst().baseUri().toString();
                exit = new CommandLine(new ReplsimCommand()).execute("capacity", scenario.toString(), "--target",
                        "app1=" + url, "--max-users", "40", "--max-steps", "6", "--runs-dir", runs.toString());
            }
            try (Stream<Path> made = Files.list(runs)) {
                return new Searched(exit, made.findFirst().orElseThrow());
            }
        }

        JsonNode summary() throws IOException {
            return new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        }

        /** The steps the driver's validity rules judged INVALID, with their reasons (none: no summary written). */
        List<String> invalidSteps() throws IOException {
            if (!Files.exists(run.resolve("summary.json"))) {
                return List.of();
            }
            List<String> invalid = new ArrayList<>();
            summary().at("/search/steps").forEach(step -> {
                if (!step.get("valid").asBoolean()) {
                    invalid.add(step.get("phase").asText() + " " + step.get("users").asInt() + ": "
                            + step.get("invalidReasons"));
                }
            });
            return invalid;
        }
    }

    /**
     * The search, run again (at most {@value #SEARCHES} times in all) while one of its steps was INVALID: beside
     * other test JVMs a step's driver was once held up past the validity rules, that step counted as failed, and
     * the search spent its 6 steps without an answer (exit 1). What the test claims is the search's moves and files
     * against a target, so it judges a search whose every step was valid; when none was, it fails naming every
     * INVALID step's reasons.
     */
    @Test
    void searchesTheNamedTargetWithoutStartingAClusterAndWritesEveryStep(@TempDir Path dir) throws Exception {
        Path scenario = dir.resolve("external.yaml");
        Files.writeString(scenario, SCENARIO);
        List<String> invalid = new ArrayList<>();
        Searched judged = null;
        for (int attempt = 1; attempt <= SEARCHES && judged == null; attempt++) {
            Searched searched = Searched.of(scenario, dir.resolve("runs-" + attempt));
            if (searched.invalidSteps().isEmpty()) {
                judged = searched;
            } else {
                invalid.add("search " + attempt + ": " + searched.invalidSteps());
                System.out.println("replsim test: search " + attempt + " had INVALID steps, searching again: "
                        + searched.invalidSteps());
            }
        }
        if (judged == null) {
            throw new AssertionError("no search of " + SEARCHES + " had every step valid: the driver could not keep"
                    + " time on this machine, so the search's moves were not shown: " + invalid);
        }

        assertThat(judged.exit()).isZero();
        Path run = judged.run();
        assertThat(run.getFileName().toString()).endsWith("-external-capacity-external");
        JsonNode summary = judged.summary();
        JsonNode search = summary.get("search");
        // 40 users at 1 s think want ~40 req/s of a 400 req/s pool: every step passes up to the cap, then confirms
        // (a long pause, so a busy machine's late wake-ups stay far below the 5% drift limit)
        assertThat(search.get("usersSustained").asInt()).isEqualTo(40);
        assertThat(search.get("method").asText()).as("no limit reached: the answer is the steps'").isEqualTo("steps");
        assertThat(search.get("estimate").at("/steps/runs").asInt()).as("the cap passed both of its runs").isEqualTo(2);
        assertThat(search.get("binding")).isEmpty();
        // 10, 20 and 40 users, then 40 again; a step-up a loaded machine failed is run again (phase recheck)
        List<String> moves = new ArrayList<>();
        search.get("steps").forEach(step -> {
            if (!step.get("phase").asText().equals("recheck")) {
                moves.add(step.get("phase").asText() + " " + step.get("users").asInt());
            }
        });
        assertThat(moves).containsExactly("step-up 10", "step-up 20", "step-up 40", "confirm 40");
        assertThat(search.get("atCapacity").get("nodeCpu")).isEmpty();
        // its CPU is not read from outside: not measured (null), not 0, and the CPU limit was not applied
        assertThat(search.get("atCapacity").get("maxNodeCpuUtilization").isNull()).isTrue();
        assertThat(search.get("steps")).allSatisfy(step -> assertThat(step.get("maxNodeCpuUtilization").isNull())
                .isTrue());
        assertThat(summary.get("cpuBudgetCores").isNull()).isTrue();
        assertThat(summary.get("survivorCpuUtilization").isNull()).isTrue();
        assertThat(summary.get("limitsNotApplied")).singleElement()
                .satisfies(limit -> assertThat(limit.asText()).startsWith("CPU limit: "));
        assertThat(summary.get("criteria").asText()).contains("NOT APPLIED: CPU limit");
        List<String> csv = Files.readAllLines(run.resolve("capacity.csv"));
        assertThat(csv).hasSize(search.get("steps").size() + 1);
        assertThat(csv.getFirst()).startsWith("search,step,phase,users,verdict").contains("app1_cpu");
        assertThat(csv.get(1)).startsWith("all,1,step-up,10,");
        assertThat(csv.get(1).split(",", -1)[13]).as("max_node_cpu: not measured").isEmpty();
        assertThat(csv.getLast()).matches("all,\\d+,confirm,40,PASS,.*");
        // the search's answer on every row: 40 sustained, its interval from the answer to no failure, from the steps
        // and, empty on a search without kills, what each step's kill was and cost (--through-kill)
        assertThat(csv.getFirst()).contains(",window_s,driver_cores,search_sustained,search_low,search_high,"
                + "search_method,search_binding,search_next_low,search_next_high,killed_node,kill_after_s,"
                + "sessions_counted_lost,sessions_stale,failed_at_killed,failed_at_survivors,replsim_commit,");
        assertThat(csv.getLast()).contains(",40,40,40,steps,,40,40,,,,,,,unknown,");
        assertThat(summary.get("verdict").asText()).isEqualTo("VALID");
        assertThat(search.get("low").asInt()).isEqualTo(40);
        assertThat(search.get("high").asInt()).isEqualTo(40);
    }

    @Test
    void anotherAppsCookieAndSerialAreUsedAndOneNodeDownRunsTheKillCommand(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("external.yaml"), SCENARIO);
        Path runs = dir.resolve("runs");
        Path marker = dir.resolve("killed.txt");
        int exit;
        // the kill command's line stops that server of the app, as a kill -9 would: the search reads it back down
        try (ForeignApp app = new ForeignApp(0, "a", "b");
             CommandEffects killed = new CommandEffects(marker, line -> app.stop(line.split(" ")[0]))) {
            exit = new CommandLine(new ReplsimCommand()).execute("capacity", scenario.toString(),
                    "--target", "a=" + app.endpoints().get(0).baseUri(), "--target", "b=" + app.endpoints().get(1).baseUri(),
                    "--path", ForeignApp.PATH, "--cookie-name", "SID", "--serial", "regex:hits=(\\d+)",
                    "--one-node-down", "--kill-command", "echo {node} $REPLSIM_URL >> '" + marker + "'",
                    "--max-users", "20", "--max-steps", "3", "--runs-dir", runs.toString());
            assertThat(Files.readString(marker).trim()).isEqualTo("b " + app.endpoints().get(1).baseUri());
        }

        assertThat(exit).isZero();
        Path run;
        try (Stream<Path> made = Files.list(runs)) {
            run = made.findFirst().orElseThrow();
        }
        JsonNode summary = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        // every step passes only when every answer was read and judged OK: the pattern and the cookie name work
        assertThat(summary.at("/search/steps/0/verdict").asText()).isEqualTo("PASS");
        assertThat(summary.at("/search/usersSustained").asInt()).isPositive();
        assertThat(summary.at("/oneNodeDown/usersSustained").asInt()).isPositive();
        assertThat(summary.at("/search/nodes").asInt()).isEqualTo(2);
        assertThat(summary.at("/oneNodeDown/nodes").asInt()).as("nodes serving the N-1 search").isEqualTo(1);
        assertThat(Files.readAllLines(run.resolve("capacity.csv"))).anySatisfy(line -> assertThat(line).startsWith("n-1,"));
    }

    @Test
    void aKillCommandThatLeavesTheNodeUpBreaksTheOneNodeDownSearchInsteadOfMeasuringIt(@TempDir Path dir)
            throws Exception {
        Path scenario = Files.writeString(dir.resolve("external.yaml"), SCENARIO);
        ReplsimCall ran;
        try (ForeignApp app = new ForeignApp(0, "a", "b")) {
            ran = ReplsimCall.of("capacity", scenario.toString(), "--target", "a=" + app.endpoints().get(0).baseUri(),
                    "--target", "b=" + app.endpoints().get(1).baseUri(),
                    "--path", ForeignApp.PATH, "--cookie-name", "SID", "--serial", "regex:hits=(\\d+)",
                    "--one-node-down", "--kill-command", "true",
                    "--max-users", "20", "--max-steps", "3", "--runs-dir", dir.resolve("runs").toString());
        }

        assertThat(ran.exit()).as(ran.out() + ran.err()).isEqualTo(ReplsimCommand.RUN_BROKE);
        assertThat(ran.err()).contains("the kill of b did not take effect (b still up ")
                .contains("answered HTTP 200").contains("a search with one node down cannot run while it is up");
    }

    @Test
    void theScenariosCapacitySectionBoundsTheSearchAndAFlagOverridesIt(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("external.yaml"), LOAD + """
                capacity: {startUsers: 5, maxUsers: 10, maxSteps: 3, statistic: p99, warmUp: {minRounds: 1, maxRounds: 1}}
                """);
        Path runs = dir.resolve("runs");
        int exit;
        try (FixedServiceCounter server = new FixedServiceCounter(4, Duration.ofMillis(10))) {
            exit = new CommandLine(new ReplsimCommand()).execute("capacity", scenario.toString(),
                    "--target", server.endpoints().getFirst().baseUri().toString(), "--max-steps", "2",
                    "--runs-dir", runs.toString());
        }
        // two steps (5, then the cap of 10) leave none for the confirming repeat, so nothing is claimed: exit 1
        assertThat(exit).isEqualTo(ReplsimCommand.CHECKS_FAILED);
        Path run;
        try (Stream<Path> made = Files.list(runs)) {
            run = made.findFirst().orElseThrow();
        }
        JsonNode summary = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        assertThat(summary.get("criteria").asText()).startsWith("p99");
        // the file's first step and cap, the command line's step budget
        assertThat(summary.at("/search/steps")).hasSize(2);
        assertThat(summary.at("/search/steps/0/users").asInt()).isEqualTo(5);
        assertThat(summary.at("/search/steps/1/users").asInt()).isEqualTo(10);
    }

    @Test
    void oneNodeDownAgainstATargetWithoutAKillCommandIsRefused(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("external.yaml"), SCENARIO);
        ReplsimCall searched = ReplsimCall.of("capacity", scenario.toString(), "--target", "a=http://127.0.0.1:1",
                "--target", "b=http://127.0.0.1:2", "--one-node-down", "--runs-dir", dir.resolve("runs").toString());

        assertThat(searched.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(searched.err()).contains(scenario + ": --one-node-down: a search with one node down needs a way"
                + " to kill a node, and runtime --target cannot: a kill against your cluster runs your kill command,"
                + " and none was given; leave --one-node-down out, or give --kill-command");
        assertThat(dir.resolve("runs")).as("nothing ran").doesNotExist();
    }

    @Test
    void anOpenLoadAgainstATargetIsRefusedAtLoadModel(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("open.yaml"), """
                name: open
                cluster: {nodes: 1}
                load: {model: open, rate: 20, sessions: 10, duration: 2s}
                """);
        ReplsimCall searched = ReplsimCall.of("capacity", scenario.toString(), "--target", "a=http://127.0.0.1:1",
                "--runs-dir", dir.resolve("runs").toString());

        assertThat(searched.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(searched.err()).contains(scenario + ": load.model: the open model needs arrivals at a rate, each"
                + " user a new session (the open model's driver), and runtime --target cannot: the open model's driver speaks replsim's own apps only");
        assertThat(dir.resolve("runs")).as("nothing ran").doesNotExist();
    }

    @Test
    void aTargetIsANameAndAnHttpUrlOrJustTheUrl() {
        assertThat(ExternalTargetOptions.endpoint("n1=http://127.0.0.1:8080", 1).name()).isEqualTo("n1");
        assertThat(ExternalTargetOptions.endpoint("http://127.0.0.1:8080", 2).name()).isEqualTo("target2");
        assertThatThrownBy(() -> ExternalTargetOptions.endpoint("ftp://x", 1)).hasMessageContaining("[name=]http://host:port");
    }
}

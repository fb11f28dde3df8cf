package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.run.PlayedRuntime;
import io.replsim.scenario.run.RunOutcome;
import io.replsim.scenario.run.StartedCluster;
import io.replsim.scenario.runtime.NodeLauncher;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two load agents on this machine against one cluster of two node processes (started here, driven through
 * {@code --target} as a cluster replsim does not run), merged with {@code replsim merge --into}, against one driver
 * of the same users and seed (agent 1/1) on the same cluster: the same session verdicts, and the merged percentiles
 * those of every answer of both agents together, built from each agent's own recorded histogram rather than its
 * files. The agents' directories are then used for what the merge refuses or judges INVALID.
 */
@Timeout(240)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AgentsMergeProcessTest {

    private static final String SCENARIO = """
            name: agents
            cluster: {nodes: 2, workers: 8, cpuBudget: 0.5, heap: 128m}
            load: {users: 20, thinkTime: 200ms, rampUp: 1s, duration: 6s, requestTimeout: 3s}
            checks:
              maxSessionsLost: 0
              maxSessionsStale: 0
            """;
    private static final int SEED = 7;

    private Path dir;

    private StartedCluster cluster;
    private Played single;
    private Played first;
    private Played second;

    /** One agent's run: its outcome (with the histogram it recorded) and what it printed. */
    private record Played(RunOutcome outcome, String console) {
        Path directory() {
            return outcome.directory();
        }

        RunSummary summary() {
            return outcome.summary();
        }
    }

    @BeforeAll
    void oneDriverThenTwoAgentsDriveTheSameCluster(@TempDir Path tempDir) throws Exception {
        dir = tempDir;
        cluster = StartedCluster.start(dir, "agents", SCENARIO);
        single = play("1/1", Instant.now().plusSeconds(2), "single");
        Instant together = Instant.now().plusSeconds(3);
        ExecutorService agents = Executors.newFixedThreadPool(2);
        try {
            Future<Played> one = agents.submit(() -> play("1/2", together, "agent-1"));
            Future<Played> two = agents.submit(() -> play("2/2", together, "agent-2"));
            first = one.get();
            second = two.get();
        } finally {
            agents.shutdownNow();
        }
    }

    @AfterAll
    void stopTheCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void twoAgentsMergedHaveOneDriversVerdictsAndThePercentilesOfAllTheirAnswers() throws Exception {
        Path merged = dir.resolve("merged");
        ReplsimCall call = ReplsimCall.of("merge", first.directory().toString(), second.directory().toString(),
                "--into", merged.toString());

        String told = call.out() + call.err() + first.console() + second.console();
        RunSummary one = first.summary();
        RunSummary two = second.summary();
        boolean bothValid = one.validity().valid() && two.validity().valid();
        assertThat(call.exit()).as(told).isEqualTo(bothValid ? 0 : ReplsimCommand.INVALID_RUN);
        JsonNode summary = new ObjectMapper().readTree(merged.resolve("summary.json").toFile());
        // the agents' users together are the single driver's: 10 and 10 of its 20, every one judged as it was
        assertThat(one.users().started()).isEqualTo(10);
        assertThat(two.users().started()).isEqualTo(10);
        assertThat(summary.at("/users/started").asLong()).isEqualTo(single.summary().users().started()).isEqualTo(20);
        assertThat(summary.get("sessions").toString()).as(told)
                .isEqualTo(new ObjectMapper().writeValueAsString(single.summary().sessions()));
        assertThat(summary.at("/requests/total").asLong())
                .isEqualTo(one.requests().total() + two.requests().total());
        assertThat(summary.at("/responses/ok").asLong()).isEqualTo(one.responses().ok() + two.responses().ok());
        // percentiles of every answer together, from the histograms the two drivers recorded as they ran
        Histogram all = new Histogram(3);
        all.add(first.outcome().load().latencyMicros());
        all.add(second.outcome().load().latencyMicros());
        RunSummary.Latency expected = RunSummary.Latency.ofMicros(all);
        assertThat(summary.at("/latencyMs/p50").asDouble()).isEqualTo(expected.p50());
        assertThat(summary.at("/latencyMs/p90").asDouble()).isEqualTo(expected.p90());
        assertThat(summary.at("/latencyMs/p99").asDouble()).isEqualTo(expected.p99());
        assertThat(summary.at("/latencyMs/max").asDouble()).isEqualTo(expected.max());
        assertThat(summary.at("/validity/verdict").asText()).isEqualTo(bothValid ? "VALID" : "INVALID");
        assertThat(summary.at("/validity/users").asInt()).isEqualTo(20);
        assertThat(call.out()).contains("merged 2 agents into " + merged).contains("agent 1/2").contains("agent 2/2")
                .contains("sessions  20 OK");
        assertThat(merged.resolve("report.html")).isNotEmptyFile();
        assertThat(ReplsimCall.of("report", merged.toString()).exit()).as("the merged run drawn again").isZero();
    }

    @Test
    void anInvalidAgentMakesTheMergedRunInvalidNamingItsReasons() throws Exception {
        Path invalid = copy(second.directory(), dir.resolve("invalid-agent-2"));
        ObjectMapper json = new ObjectMapper();
        ObjectNode summary = (ObjectNode) json.readTree(invalid.resolve("summary.json").toFile());
        ObjectNode validity = (ObjectNode) summary.get("validity");
        validity.put("verdict", "INVALID");
        validity.putArray("reasons").add("the driver used 97% of its CPU (limit 80%)");
        summary.put("verdict", "INVALID");
        json.writeValue(invalid.resolve("summary.json").toFile(), summary);
        Path merged = dir.resolve("merged-invalid");

        ReplsimCall call = ReplsimCall.of("merge", first.directory().toString(), invalid.toString(), "--into",
                merged.toString());

        assertThat(call.exit()).as(call.out() + call.err()).isEqualTo(ReplsimCommand.INVALID_RUN);
        JsonNode written = json.readTree(merged.resolve("summary.json").toFile());
        assertThat(written.get("verdict").asText()).isEqualTo("INVALID");
        assertThat(written.at("/validity/verdict").asText()).isEqualTo("INVALID");
        assertThat(written.at("/validity/reasons")).extracting(JsonNode::asText)
                .contains("agent 2/2: the driver used 97% of its CPU (limit 80%)");
        assertThat(call.out()).contains("replsim: INVALID: ").contains("agent 2/2: the driver used 97%");
    }

    @Test
    void agentsThatAreNotEveryShareOfOneRunAreRefused() {
        ReplsimCall missing = ReplsimCall.of("merge", first.directory().toString(), "--into",
                dir.resolve("missing").toString());
        ReplsimCall twice = ReplsimCall.of("merge", first.directory().toString(), first.directory().toString(),
                "--into", dir.resolve("twice").toString());
        ReplsimCall mixed = ReplsimCall.of("merge", single.directory().toString(), first.directory().toString(),
                "--into", dir.resolve("mixed").toString());

        assertThat(missing.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(missing.err()).contains("agent 2/2 is missing: the merged run would lack its users");
        assertThat(twice.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(twice.err()).contains("agent 1/2 is given twice");
        assertThat(mixed.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(mixed.err()).contains("was given a number of agents of 2")
                .contains("they are not agents of one run");
        assertThat(dir.resolve("missing")).doesNotExist();
    }

    private Played play(String agent, Instant startAt, String runs) throws Exception {
        List<String> args = new ArrayList<>(List.of("--agent", agent, "--start-at", startAt.toString(), "--seed",
                String.valueOf(SEED)));
        cluster.endpoints().forEach(node -> args.addAll(List.of("--target", node.name() + "=" + node.baseUri())));
        AgentCommand.Plan plan = AgentCommandTest.plan(dir.resolve("agents.yaml"), Instant.now(),
                args.toArray(String[]::new));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
        RunOutcome outcome = AgentCommand.play(plan, PlayedRuntime.of(plan.spec(), Optional.of(plan.target()),
                NodeLauncher.currentJvm(), out), dir.resolve(runs), Duration.ofSeconds(5), out);
        return new Played(outcome, printed.toString(StandardCharsets.UTF_8));
    }

    private static Path copy(Path from, Path to) throws Exception {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, to.resolve(file.getFileName()));
            }
        }
        return to;
    }
}

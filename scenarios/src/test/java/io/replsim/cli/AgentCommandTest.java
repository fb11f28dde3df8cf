package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.replsim.loadgen.profile.UserShare;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code replsim agent}'s options, checked before anything runs: each bad one named with what it expects. */
class AgentCommandTest {

    static final String SCENARIO = """
            name: agents
            cluster: {nodes: 2}
            load:
              users: 4
              thinkTime: 100ms
              duration: 2s
            """;

    private static final Instant NOW = Instant.parse("2026-11-29T10:30:00Z");

    @TempDir
    Path dir;

    @Test
    void agentTwoOfTwoRunsTheOddUsersFromTheCommonStartWithItsEpochSecondAsSeed() throws Exception {
        AgentCommand.Plan plan = plan(SCENARIO, "--agent", "2/2", "--start-at", "2026-11-29T10:31:00Z",
                "--target", "node1=http://127.0.0.1:8080", "--target", "node2=http://127.0.0.1:8081");

        assertThat(plan.agent().share()).isEqualTo(new UserShare(2, 2));
        assertThat(plan.agent().share().indices(plan.spec().load().users())).containsExactly(1, 3);
        assertThat(plan.agent().startAt()).isEqualTo(Instant.parse("2026-11-29T10:31:00Z"));
        assertThat(plan.agent().seed()).isEqualTo((int) Instant.parse("2026-11-29T10:31:00Z").getEpochSecond());
        assertThat(plan.target().nodes()).extracting(node -> node.name()).containsExactly("node1", "node2");
    }

    @Test
    void anAgentOutsideItsCountOrNotIOfNIsRefused() {
        assertThatThrownBy(() -> plan(SCENARIO, "--agent", "3/2", "--start-at", "2026-11-29T10:31:00Z",
                "--target", "http://127.0.0.1:8080")).hasMessageStartingWith("--agent: agent 3/2")
                .hasMessageContaining("i from 1 to n");
        assertThatThrownBy(() -> plan(SCENARIO, "--agent", "0/2", "--start-at", "2026-11-29T10:31:00Z",
                "--target", "http://127.0.0.1:8080")).hasMessageStartingWith("--agent: agent 0/2");
        assertThatThrownBy(() -> plan(SCENARIO, "--agent", "first", "--start-at", "2026-11-29T10:31:00Z",
                "--target", "http://127.0.0.1:8080")).hasMessage("--agent: got \"first\", expected i/n such as 1/2:"
                + " this agent's number from 1 and how many agents share the load");
    }

    @Test
    void aStartMoreThanTwoSecondsPastIsRefusedAndOneJustPastIsTaken() throws Exception {
        assertThatThrownBy(() -> plan(SCENARIO, "--agent", "1/2", "--start-at", "2026-11-29T10:29:57Z",
                "--target", "http://127.0.0.1:8080"))
                .hasMessageStartingWith("--start-at: 2026-11-29T10:29:57Z passed 3 s ago")
                .hasMessageContaining("a start ahead of now");
        assertThat(plan(SCENARIO, "--agent", "1/2", "--start-at", "2026-11-29T10:29:58Z",
                "--target", "http://127.0.0.1:8080").agent().startAt()).isEqualTo("2026-11-29T10:29:58Z");
        assertThatThrownBy(() -> plan(SCENARIO, "--agent", "1/2", "--start-at", "in a minute",
                "--target", "http://127.0.0.1:8080")).hasMessageContaining("expected an ISO-8601 instant");
    }

    @Test
    void anAgentWithoutATargetIsRefusedSayingItDrivesARunningCluster() {
        assertThatThrownBy(() -> plan(SCENARIO, "--agent", "1/2", "--start-at", "2026-11-29T10:31:00Z"))
                .hasMessageStartingWith("--target: none given; an agent drives a cluster that is already running");
    }

    @Test
    void faultsAHistoryARepeatAnOpenModelAndMoreAgentsThanUsersAreRefused() {
        String[] args = {"--agent", "1/2", "--start-at", "2026-11-29T10:31:00Z", "--target", "http://127.0.0.1:8080"};
        assertThatThrownBy(() -> plan(SCENARIO + "faults:\n  - {type: kill, at: 1s, target: node1}\n", args))
                .hasMessageContaining("has 1 fault(s); every agent would play them");
        assertThatThrownBy(() -> plan(SCENARIO.replace("  duration: 2s", "  duration: 2s\n  history: true"), args))
                .hasMessageContaining("load.history is true");
        assertThatThrownBy(() -> plan(SCENARIO.replace("name: agents", "name: agents\nrepeat: 3"), args))
                .hasMessageContaining("repeats 3 runs; an agent plays one: set repeat: 1");
        assertThatThrownBy(() -> plan("""
                name: open
                cluster: {nodes: 2}
                load: {model: open, rate: 20, sessions: 10, duration: 2s}
                """, args)).hasMessageContaining("load.model is open; agents share a closed model's users");
        assertThatThrownBy(() -> plan(SCENARIO.replace("users: 4", "users: 1"), args))
                .hasMessageContaining("--agent 1/2: ").hasMessageContaining("has 1 users, fewer than the 2 agents");
    }

    @Test
    void aBadAgentExitsWithBadInputBeforeAnythingRuns() throws Exception {
        Path scenario = Files.writeString(dir.resolve("agents.yaml"), SCENARIO);

        ReplsimCall call = ReplsimCall.of("agent", scenario.toString(), "--agent", "3/2", "--start-at",
                Instant.now().plusSeconds(60).toString(), "--target", "http://127.0.0.1:9", "--runs-dir",
                dir.resolve("runs").toString());

        assertThat(call.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(call.err()).contains("replsim agent: --agent: agent 3/2");
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    /** The agent's plan for {@code yaml} and {@code args}, at {@link #NOW}. */
    AgentCommand.Plan plan(String yaml, String... args) throws Exception {
        Path scenario = Files.writeString(dir.resolve("agents.yaml"), yaml);
        return plan(scenario, NOW, args);
    }

    /** What {@code replsim agent <scenario> <args>} would play at {@code now}: the options as its parser reads them. */
    static AgentCommand.Plan plan(Path scenario, Instant now, String... args) {
        AgentCommand command = new AgentCommand();
        String[] all = new String[args.length + 1];
        all[0] = scenario.toString();
        System.arraycopy(args, 0, all, 1, args.length);
        new CommandLine(command).parseArgs(all);
        return command.plan(command.scenario.load().orElseThrow(), now);
    }
}

package io.replsim.cli;

import static io.replsim.scenario.SummaryJsonAssertions.measuredNumber;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.foreign.ForeignApp;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replsim run --target}: what the command line refuses before anything runs, and a short drill against a
 * foreign app started in the test (cookie {@code SID}, the count as {@code hits=N}), whose "kills" only record
 * what they were given, so that the commands' placeholders and the report's shape can be read back.
 */
@Timeout(60)
class RunCommandExternalTargetTest {

    /** A short load on two nodes, the faults to follow. */
    private static final String TWO_NODES = """
            name: ext
            cluster: {nodes: 2}
            load: {users: 6, thinkTime: 100ms, duration: 4s}
            """;

    private static final String KILL_DRILL = TWO_NODES + """
            faults:
              - {type: kill, at: 1s, target: node1}
            """;

    /** {@code replsim run} of {@code scenario} against both nodes of {@code app}, its cookie and serial, and more. */
    private static ReplsimCall runAgainst(ForeignApp app, Path scenario, String... more) {
        List<String> args = new ArrayList<>(List.of("run", scenario.toString(),
                "--target", "node1=" + app.endpoints().get(0).baseUri(),
                "--target", "node2=" + app.endpoints().get(1).baseUri(), "--path", ForeignApp.PATH,
                "--cookie-name", "SID", "--serial", "regex:hits=(\\d+)"));
        args.addAll(List.of(more));
        return ReplsimCall.of(args.toArray(String[]::new));
    }

    /**
     * {@code replsim run} of a restart of node1 at 1 s of the 4 s load, its runs under {@code dir}/runs: the kill
     * command stops node1 (run first, node1 being up), then {@code restartCommand} runs.
     */
    private static ReplsimCall restartOfNode1(Path dir, String restartCommand) throws Exception {
        Path scenario = Files.writeString(dir.resolve("ext.yaml"), TWO_NODES + """
                faults:
                  - {type: restart, at: 1s, target: node1}
                checks: {maxSessionsLost: 6}
                """);
        Path marker = dir.resolve("commands.txt");
        try (ForeignApp app = new ForeignApp(0, "node1", "node2");
             CommandEffects effects = new CommandEffects(marker, line -> app.stop(line.split(" ")[1]))) {
            return runAgainst(app, scenario, "--kill-command", "echo kill {node} >> '" + marker + "'",
                    "--restart-command", restartCommand, "--runs-dir", dir.resolve("runs").toString());
        }
    }

    /** The one run directory the command made under {@code runs}. */
    private static Path onlyRun(Path runs) throws IOException {
        try (Stream<Path> made = Files.list(runs)) {
            return made.findFirst().orElseThrow();
        }
    }

    @Test
    void aKillFaultWithoutAKillCommandIsRefusedBeforeTheRunWithItsPath(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("ext.yaml"), KILL_DRILL);
        ReplsimCall ran = ReplsimCall.of("run", scenario.toString(), "--target", "node1=http://127.0.0.1:1",
                "--target", "node2=http://127.0.0.1:2", "--runs-dir", dir.resolve("runs").toString());

        assertThat(ran.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(ran.err()).contains(scenario + ": faults[0].type: a kill needs a way to kill a node, and runtime"
                + " --target cannot: a kill against your cluster runs your kill command, and none was given; remove"
                + " it, or give --kill-command");
        assertThat(dir.resolve("runs")).as("nothing ran").doesNotExist();
    }

    @Test
    void aTargetThatIsNoHttpUrlIsRefusedWithWhatWasExpected(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("ext.yaml"), KILL_DRILL);
        ReplsimCall ran = ReplsimCall.of("run", scenario.toString(), "--target", "node1=ftp://127.0.0.1:1",
                "--kill-command", "true");

        assertThat(ran.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(ran.err()).contains("--target: got \"node1=ftp://127.0.0.1:1\", expected [name=]http://host:port");
    }

    @Test
    void aTargetThatDoesNotAnswerStopsTheDrillBeforeItStarts(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("ext.yaml"), KILL_DRILL);
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        ReplsimCall ran;
        try (ForeignApp app = new ForeignApp(0, "node1")) {
            ran = ReplsimCall.of("run", scenario.toString(), "--target", "node1=" + app.endpoints().getFirst().baseUri(),
                    "--target", "node2=http://127.0.0.1:" + closed, "--path", ForeignApp.PATH,
                    "--cookie-name", "SID", "--serial", "regex:hits=(\\d+)", "--kill-command", "true",
                    "--runs-dir", dir.resolve("runs").toString());
        }

        assertThat(ran.exit()).isEqualTo(ReplsimCommand.RUN_BROKE);
        assertThat(ran.err()).contains("node2=http://127.0.0.1:" + closed + " did not answer GET /shop/hits")
                .contains("Start it, or correct the --target URL").doesNotContain("node1=");
        assertThat(ran.out()).doesNotContain("load:");
    }

    @Test
    void aBadCookieNameOrSerialIsRefusedNamingTheOption(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("ext.yaml"), KILL_DRILL);
        assertThat(ReplsimCall.of("run", scenario.toString(), "--target", "node1=http://127.0.0.1:1", "--kill-command",
                "true", "--cookie-name", "a b").err()).contains("--cookie-name: expected a cookie name");
        assertThat(ReplsimCall.of("run", scenario.toString(), "--target", "node1=http://127.0.0.1:1", "--kill-command",
                "true", "--serial", "xml").err()).contains("--serial: unknown serial source \"xml\"");
    }

    @Test
    void aKillCommandWithoutATargetIsRefused(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("ext.yaml"), KILL_DRILL);
        ReplsimCall ran = ReplsimCall.of("run", scenario.toString(), "--kill-command", "kill -9 1");

        assertThat(ran.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(ran.err()).contains("--kill-command is for a cluster named with --target");
    }

    @Test
    void everyFaultAndCheckThatCannotRunThereIsListedWithItsPath(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("ext.yaml"), """
                name: ext
                cluster: {nodes: 3}
                load: {users: 6, thinkTime: 100ms, duration: 20s}
                faults:
                  - {type: kill, at: 1s, target: coordinator}
                  - {type: pause, at: 5s, target: node2, for: 2s}
                  - {type: partition, at: 10s, target: node3, for: 2s}
                checks: {maxSessionsLost: 0, maxViewChange: 2s}
                """);
        ReplsimCall ran = ReplsimCall.of("run", scenario.toString(), "--target", "node1=http://127.0.0.1:1",
                "--target", "node2=http://127.0.0.1:2", "--target", "node3=http://127.0.0.1:3",
                "--kill-command", "true", "--runs-dir", dir.resolve("runs").toString());

        assertThat(ran.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(ran.err()).contains("cannot run on runtime --target as it is (4 entries)")
                .contains(scenario + ": faults[0].target: the coordinator as a target needs the cluster's views")
                .contains(scenario + ": faults[1].type: a pause needs freezing a node and letting it run again"
                        + " (SIGSTOP, SIGCONT), and runtime --target cannot: replsim freezes its own node processes"
                        + " only (SIGSTOP)")
                .contains(scenario + ": faults[2].type: a partition needs cutting nodes off from each other")
                .contains(scenario + ": checks.maxViewChange: maxViewChange needs the cluster's views and which node"
                        + " backs up which, read from the nodes, and runtime --target cannot: the cluster's JGroups"
                        + " views are read from replsim's admin API");
        assertThat(dir.resolve("runs")).doesNotExist();
    }

    @Test
    void aDrillAgainstAForeignAppRunsTheCommandsAndReportsWhatItCannotMeasureAsNull(@TempDir Path dir)
            throws Exception {
        Path scenario = Files.writeString(dir.resolve("ext.yaml"), TWO_NODES + """
                faults:
                  - {type: kill, at: 1s, target: node1}
                  - {type: restart, at: 2s, target: node1}
                checks: {maxSessionsLost: 0, maxFailover: 3s}
                """);
        Path runs = dir.resolve("runs");
        Path marker = dir.resolve("commands.txt");
        ReplsimCall ran;
        List<NodeEndpoint> endpoints;
        try (ForeignApp app = new ForeignApp(0, "node1", "node2");
             CommandEffects effects = new CommandEffects(marker, line -> {
                 // "kill node1 ..." stops node1 as a kill -9 would, "restart node1 ..." starts it again
                 String[] words = line.split(" ");
                 if (words[0].equals("kill")) {
                     app.stop(words[1]);
                 } else {
                     app.start(words[1]);
                 }
             })) {
            endpoints = app.endpoints();
            ran = runAgainst(app, scenario,
                    "--kill-command", "echo kill {node} {url} {host} {port} $REPLSIM_NODE >> '" + marker + "'",
                    "--restart-command", "echo restart {node} $REPLSIM_PORT >> '" + marker + "'",
                    // validity is not this test's subject: a 4 s run on a shared 2-core machine may be INVALID
                    "--accept-invalid", "--runs-dir", runs.toString());
        }

        assertThat(ran.exit()).as(ran.out() + ran.err()).isZero();
        int port = endpoints.get(0).baseUri().getPort();
        assertThat(Files.readAllLines(marker)).containsExactly(
                "kill node1 " + endpoints.get(0).baseUri() + " 127.0.0.1 " + port + " node1",
                "restart node1 " + port);
        assertThat(ran.out()).contains("not measured there: cluster")
                .contains("new view: not measured")
                .contains("survivor CPU: not measured");
        Path run = onlyRun(runs);
        JsonNode summary = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        assertThat(summary.get("faults")).extracting(fault -> fault.get("type").asText())
                .containsExactly("kill", "restart");
        // what the commands did was read back at node1's URL: it stopped answering, then answered again
        assertThat(summary.at("/faults/0/evidence/confirmed").asBoolean()).as(ran.out()).isTrue();
        assertThat(summary.at("/faults/0/evidence/seen").asText()).contains("did not answer");
        assertThat(summary.at("/faults/1/evidence/confirmed").asBoolean()).isTrue();
        assertThat(summary.at("/faults/1/evidence/seen").asText()).contains("answered HTTP 200");
        assertThat(summary.at("/faults/0/node").asText()).isEqualTo("node1");
        assertThat(summary.at("/faults/0/viewChangeMs").isNull()).isTrue();
        assertThat(summary.at("/faults/0/survivors")).isEmpty();
        assertThat(summary.at("/faults/0/attributed/gravitations").isNull()).isTrue();
        assertThat(summary.get("cluster").isNull()).isTrue();
        assertThat(summary.get("nodes").isNull()).isTrue();
        // the foreign app's nodes share their sessions and still answer after the "kill": nothing was lost
        assertThat(measuredNumber(summary, "/sessions/lost").asLong()).isZero();
        assertThat(measuredNumber(summary, "/sessions/ok").asLong()).isEqualTo(6);
        assertThat(summary.at("/external/path").asText()).isEqualTo(ForeignApp.PATH);
        assertThat(summary.at("/external/cookieName").asText()).isEqualTo("SID");
        assertThat(summary.at("/external/serial").asText()).isEqualTo("regex:hits=(\\d+)");
        assertThat(summary.at("/external/restartCommand").asText()).startsWith("echo restart {node}");
        assertThat(summary.at("/external/notMeasured")).isNotEmpty();
        // only the serial was read from the answers: the report says so rather than imply more
        assertThat(ran.out()).contains("content   not verified: serial only");
        assertThat(summary.at("/external/content").asText()).isEqualTo("not verified: serial only");
        assertThat(run.resolve("report.html")).exists();
    }

    @Test
    void aKillCommandThatFailsIsReportedWithItsExitCodeAndStderrAndTheFaultDidNotHappen(@TempDir Path dir)
            throws Exception {
        Path scenario = Files.writeString(dir.resolve("ext.yaml"), KILL_DRILL + """
                checks: {maxFailover: 3s}
                """);
        ReplsimCall ran;
        try (ForeignApp app = new ForeignApp(0, "node1", "node2")) {
            ran = runAgainst(app, scenario,
                    "--kill-command", "echo no such host {node} >&2; exit 3",
                    // the exit code by the checks: validity is RunCommandValidityTest's subject
                    "--accept-invalid", "--runs-dir", dir.resolve("runs").toString());
        }

        assertThat(ran.exit()).isEqualTo(ReplsimCommand.CHECKS_FAILED);
        assertThat(ran.out()).contains("the kill command for node1 exited with 3: echo no such host node1 >&2; exit 3;"
                + " its stderr ended with:\nno such host node1");
        assertThat(ran.out()).contains("failover time ≤ 3.00 s (measured no fault happened)");
        assertThat(ran.out()).contains("INVALID: fault 1 did not happen: kill at");
    }

    @Test
    void aKillCommandThatDoesNothingMakesTheRunInvalidNotAPass(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("ext.yaml"), KILL_DRILL + """
                checks: {maxSessionsLost: 0}
                """);
        Path runs = dir.resolve("runs");
        ReplsimCall ran;
        try (ForeignApp app = new ForeignApp(0, "node1", "node2")) {
            ran = runAgainst(app, scenario, "--kill-command", "true", "--runs-dir", runs.toString());
        }

        // true exits 0 and node1 answers on: nothing was killed, so nothing about a kill was measured; the load
        // ends 3 s into the 10 s the read-back may wait, which leaves the kill unfinished with what was read then
        assertThat(ran.exit()).as(ran.out() + ran.err()).isEqualTo(ReplsimCommand.INVALID_RUN);
        assertThat(ran.out()).contains("== ext: INVALID ==")
                .contains("INVALID: fault 1 (kill node1 at")
                .contains("did not complete: the load ended ")
                .contains("while node1 was not yet seen gone (read back right after it: node1 still up ")
                .contains("answered HTTP 200")
                .contains("its figures are not measured");
        Path run = onlyRun(runs);
        JsonNode summary = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        assertThat(summary.get("verdict").asText()).isEqualTo("INVALID");
        assertThat(summary.at("/faults/0/evidence/confirmed").asBoolean()).isFalse();
        assertThat(summary.at("/faults/0/attributed").isNull()).as("not measured, never 0 lost").isTrue();
        assertThat(summary.at("/faults/0/impact").isNull()).isTrue();
    }

    @Test
    void aRestartStillWaitingWhenTheLoadEndsIsReportedUnfinishedAndTheRunIsInvalid(@TempDir Path dir)
            throws Exception {
        // the restart waits 30 s for its node: the load ends first
        ReplsimCall ran = restartOfNode1(dir, "sleep 30");

        assertThat(ran.exit()).as(ran.out() + ran.err()).isEqualTo(ReplsimCommand.INVALID_RUN);
        assertThat(ran.out()).contains("== ext: INVALID ==")
                .contains("INVALID: fault 1 (restart node1 at ")
                .contains(") did not complete: the load ended ")
                .contains("while its restart of node1 was still under way (node1 not yet back) (read back right"
                        + " after it: confirmed so far: ")
                .contains("its figures are not measured: lengthen the load (load.duration) past the fault's end, or"
                        + " shorten what the fault waits for");
        JsonNode summary = new ObjectMapper().readTree(onlyRun(dir.resolve("runs")).resolve("summary.json").toFile());
        assertThat(summary.get("verdict").asText()).isEqualTo("INVALID");
        assertThat(summary.get("faults")).as("the restart is not left out").hasSize(1);
        assertThat(summary.at("/faults/0/type").asText()).isEqualTo("restart");
        assertThat(summary.at("/faults/0/node").asText()).isEqualTo("node1");
        assertThat(summary.at("/faults/0/atMs").asLong()).isBetween(1_000L, 4_000L);
        assertThat(summary.at("/faults/0/unfinished").asText()).startsWith("the load ended ")
                .endsWith("node1 not yet back)");
        // what was read before the end: node1 down after the kill command
        assertThat(summary.at("/faults/0/evidence/confirmed").asBoolean()).isFalse();
        assertThat(summary.at("/faults/0/evidence/seen").asText()).contains("confirmed so far: ")
                .contains("did not answer");
        assertThat(summary.at("/faults/0/attributed").isNull()).as("not measured, never 0 lost").isTrue();
    }

    @Test
    void aRestartCommandThatNeverBringsTheNodeBackIsNoRestartThoughItWasSeenDown(@TempDir Path dir)
            throws Exception {
        // the restart command starts nothing
        ReplsimCall ran = restartOfNode1(dir, "true");

        // node1 was seen down after the kill command, and never answered again: no restart happened
        assertThat(ran.exit()).as(ran.out() + ran.err()).isEqualTo(ReplsimCommand.INVALID_RUN);
        Path run = onlyRun(dir.resolve("runs"));
        JsonNode summary = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        assertThat(summary.at("/faults/0/evidence/confirmed").asBoolean()).as(ran.out()).isFalse();
        assertThat(summary.at("/faults/0/evidence/seen").asText()).contains("did not answer")
                .contains("not up again");
    }
}

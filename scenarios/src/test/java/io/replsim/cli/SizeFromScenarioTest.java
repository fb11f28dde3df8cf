package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replsim size} reads the copies of each session (replication.placement) and a session's size from the
 * scenario, the one given or the one its --from runs played, instead of being told; --copies and --session-size
 * that disagree with it are refused saying both; and it prints the cluster sizes its fit was made on, and whether
 * the answer lies outside them.
 */
class SizeFromScenarioTest {

    private static final List<String> POINTS = List.of("--point", "1:100", "--point", "2:190", "--point", "3:270");

    private static final String BUDDIES_2KB = """
            name: buddies-2kb
            cluster: {nodes: 3}
            replication: {placement: buddies, buddies: 1}
            workload: {app: counter, payload: 2KB}
            load: {users: 60, thinkTime: 500ms, duration: 30s}
            """;

    private static ReplsimCall size(String... args) {
        List<String> all = new ArrayList<>(List.of("size"));
        all.addAll(List.of(args));
        return ReplsimCall.of(all.toArray(String[]::new));
    }

    private static ReplsimCall sizeWithPoints(int targetUsers, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(POINTS);
        all.addAll(List.of("--target-users", String.valueOf(targetUsers)));
        return size(all.toArray(String[]::new));
    }

    @Test
    void theScenariosPlacementAndPayloadSizeTheMemory(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("buddies.yaml"), BUDDIES_2KB);

        ReplsimCall sized = sizeWithPoints(150, scenario.toString());

        assertThat(sized.exit()).as(sized.err()).isZero();
        assertThat(sized.out()).contains("150 sessions × 2.0 KB × 2 copies / 3 nodes")
                .contains("placement buddies(1): 2 copies of each session (the primary and its buddy), from "
                        + scenario)
                .contains("each session copy holds 2,048 bytes, the workload.payload 2KB (app counter) of "
                        + scenario + " (declared, not measured");
    }

    @Test
    void theScenarioTheRunsPlayedIsReadWhenNoneIsGiven(@TempDir Path dir) throws Exception {
        String profileWithoutCopies = """
                name: alone
                cluster: {nodes: %d}
                replication: {placement: none}
                workload: {app: profile, profile: {attributes: 4, attributeSize: 512B}}
                load: {users: 60, thinkTime: 500ms, duration: 30s}
                """;
        Path one = run(dir, "one", 1, 100, profileWithoutCopies.formatted(1));
        Path two = run(dir, "two", 2, 190, profileWithoutCopies.formatted(2));
        Path three = run(dir, "three", 3, 270, profileWithoutCopies.formatted(3));

        ReplsimCall sized = size("--from", one.toString(), "--from", two.toString(), "--from", three.toString(),
                "--target-users", "150");

        assertThat(sized.exit()).as(sized.err()).isZero();
        assertThat(sized.out()).contains("150 sessions × 2.0 KB × 1 copies / 3 nodes")
                .contains("placement none: one copy of each session, on its primary, from "
                        + one.resolve("scenario.yaml"))
                .contains("workload.profile: 4 attributes of 512 bytes (app profile)");
    }

    @Test
    void runsOfAnotherPlacementThanTheScenarioAreRefusedNamingBoth(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("buddies.yaml"), BUDDIES_2KB);
        Path all = run(dir, "all", 1, 100, BUDDIES_2KB.replace("{placement: buddies, buddies: 1}", "{placement: all}"));

        ReplsimCall sized = size(scenario.toString(), "--from", all.toString(), "--point", "2:190", "--point",
                "3:270", "--target-users", "150");

        assertThat(sized.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(sized.err()).contains("replication.placement buddies(1) in " + scenario + ", all in "
                + all.resolve("scenario.yaml")).contains("size one scenario at a time");
    }

    @Test
    void copiesOrASizeThatDisagreeWithTheScenarioAreRefusedAndOnesThatAgreeAccepted(@TempDir Path dir)
            throws Exception {
        Path scenario = Files.writeString(dir.resolve("buddies.yaml"), BUDDIES_2KB);

        ReplsimCall moreCopies = sizeWithPoints(150, scenario.toString(), "--copies", "3");
        ReplsimCall sameCopies = sizeWithPoints(150, scenario.toString(), "--copies", "2");
        ReplsimCall biggerSessions = sizeWithPoints(150, scenario.toString(), "--session-size", "4KB");
        ReplsimCall sameSessions = sizeWithPoints(150, scenario.toString(), "--session-size", "2KB");

        assertThat(moreCopies.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(moreCopies.err()).contains("--copies: got 3, but " + scenario + " has replication.placement"
                + " buddies(1): 2 copies of each session").contains("leave --copies out");
        assertThat(biggerSessions.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(biggerSessions.err()).contains("--session-size: got \"4KB\" (4,096 bytes), but " + scenario
                + " has workload.payload 2KB (app counter) (2,048 bytes)").contains("leave --session-size out");
        assertThat(sameCopies.exit()).as(sameCopies.err()).isZero();
        assertThat(sameSessions.exit()).as(sameSessions.err()).isZero();
    }

    @Test
    void aWorkloadThatDeclaresNoSessionSizeHasItAskedFor(@TempDir Path dir) throws Exception {
        Path cart = Files.writeString(dir.resolve("cart.yaml"), BUDDIES_2KB.replace("app: counter, payload: 2KB",
                "app: cart"));

        ReplsimCall unsized = sizeWithPoints(150, cart.toString());
        ReplsimCall given = sizeWithPoints(150, cart.toString(), "--session-size", "1KB");

        assertThat(unsized.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(unsized.err()).contains(cart + ": app cart declares no session size: its sessions grow with the"
                + " load; give --session-size, or --sessions-from");
        assertThat(given.exit()).as(given.err()).isZero();
        assertThat(given.out()).contains("150 sessions × 1.0 KB × 2 copies / 3 nodes");
    }

    @Test
    void theClusterSizesTheFitWasMadeOnArePrintedAndAnAnswerBeyondThemIsCalledAnExtrapolation(@TempDir Path dir)
            throws Exception {
        Path scenario = Files.writeString(dir.resolve("buddies.yaml"), BUDDIES_2KB);

        ReplsimCall within = sizeWithPoints(150, scenario.toString());
        ReplsimCall beyond = sizeWithPoints(400, scenario.toString());

        assertThat(within.out()).contains("\nvalidated    on 1 to 3 nodes, the cluster sizes measured; the answer lies"
                + " within them\n").contains("nodes        3 for 150 users");
        assertThat(beyond.out()).containsPattern("\nvalidated    on 1 to 3 nodes, the cluster sizes measured; the"
                + " answer's \\d+ and \\d+ nodes lie outside them: an extrapolation the fit's error does not bound;"
                + " measure those sizes to check it\n");
    }

    /** A capacity run directory: its summary.json's search on {@code nodes} and the scenario.yaml it played. */
    private static Path run(Path dir, String name, int nodes, int users, String yaml) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        Files.writeString(run.resolve("summary.json"), """
                {"loadUnit": "users", "search": {"nodes": %d, "usersSustained": %d,
                  "atCapacity": {"throughputPerSec": %d, "meanMs": 20.0}}}
                """.formatted(nodes, users, users * 2));
        Files.writeString(run.resolve("scenario.yaml"), yaml);
        return run;
    }
}

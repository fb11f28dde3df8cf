package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every numeric flag is checked for range where it is read, NaN and the infinities included: the command stops
 * before it runs anything (exit 2) and says which flag, what it got and what it expects.
 */
class NumericFlagsTest {

    private static final String SCENARIO = """
            name: flags
            cluster: {nodes: 1}
            load: {users: 10, thinkTime: 1s, duration: 2s}
            """;

    private static String[] with(Path scenario, Path runs, String command, String... flags) {
        List<String> args = new ArrayList<>(List.of(command, scenario.toString(), "--runs-dir", runs.toString()));
        args.addAll(List.of(flags));
        return args.toArray(String[]::new);
    }

    @Test
    void capacityRefusesNonFiniteAndOutOfRangeLimitsNamingTheFlag(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("flags.yaml"), SCENARIO);
        Path runs = dir.resolve("runs");
        String cpu = "a share of each node's CPU budget above 0 and at most 1, such as 0.6";
        String errors = "a share of attempts (failed over all) from 0 to 1, such as 0.001";
        String[][] cases = {
                {"--cpu-limit", "NaN", "--cpu-limit: got NaN, expected " + cpu},
                {"--cpu-limit", "Infinity", "--cpu-limit: got Infinity, expected " + cpu},
                {"--cpu-limit", "1.5", "--cpu-limit: got 1.5, expected " + cpu},
                {"--error-limit", "NaN", "--error-limit: got NaN, expected " + errors},
                {"--error-limit", "-Infinity", "--error-limit: got -Infinity, expected " + errors},
                {"--latency-limit", "100h", "--latency-limit: got 100h, expected a duration above 0s and at most 10m"},
                {"--latency-limit", "0ms", "--latency-limit: got 0ms, expected a duration above 0s"},
                {"--start-users", "0", "--start-users: got 0, expected a whole number from 1 to 100000"},
                {"--max-users", "100001", "--max-users: got 100001, expected a whole number from 1 to 100000"},
                {"--max-steps", "1", "--max-steps: got 1, expected a whole number from 2 to 100"},
                {"--start-users", "50", "the search would start at 50 users (--start-users), above its cap of 20"
                        + " (--max-users)"},
        };
        for (String[] refused : cases) {
            String[] flags = refused[0].equals("--start-users") && refused[1].equals("50")
                    ? new String[] {"--start-users", "50", "--max-users", "20"} : new String[] {refused[0], refused[1]};
            ReplsimCall ran = ReplsimCall.of(with(scenario, runs, "capacity", flags));

            assertThat(ran.exit()).as(String.join(" ", flags)).isEqualTo(ReplsimCommand.BAD_INPUT);
            assertThat(ran.err()).as(String.join(" ", flags)).contains("replsim capacity: " + refused[2]);
        }
        assertThat(runs).as("nothing ran").doesNotExist();
    }

    @Test
    void sizeRefusesInfinitePointsAndTargetsNamingTheFlag() {
        String point = "expected nodes:users such as 3:450, nodes a whole number from 1 to 1000 and users a number"
                + " above 0 and at most 1000000000";
        String[][] cases = {
                {"--point", "2:Infinity", "--point: got \"2:Infinity\", " + point},
                {"--point", "2:NaN", "--point: got \"2:NaN\", " + point},
                {"--point", "0:100", "--point: got \"0:100\", " + point},
                {"--target-users", "Infinity", "--target-users: got Infinity, expected a number of users above 0"},
                {"--target-users", "NaN", "--target-users: got NaN, expected a number of users above 0"},
                {"--max-nodes", "1", "--max-nodes: got 1, expected a whole number from 2 to 1000"},
                {"--copies", "0", "--copies: got 0, expected a whole number from 1 to 1000"},
                {"--session-size", "2g", "--session-size: got \"2g\", expected a size from 1 byte to 1g"},
                {"--think-time", "2h", "--think-time: got 2h, expected a duration from 0s to 1h"},
                {"--response-time", "0ms", "--response-time: got 0ms, expected a duration above 0s and at most 10m"},
        };
        for (String[] refused : cases) {
            List<String> args = new ArrayList<>(List.of("size", "--point", "1:400", "--point", "2:720", "--point",
                    "3:950"));
            if (!refused[0].equals("--target-users")) {
                args.addAll(List.of("--target-users", "500"));
            }
            args.addAll(List.of(refused[0], refused[1]));
            ReplsimCall ran = ReplsimCall.of(args.toArray(String[]::new));

            assertThat(ran.exit()).as(refused[0] + " " + refused[1]).isEqualTo(ReplsimCommand.BAD_INPUT);
            assertThat(ran.err()).as(refused[0] + " " + refused[1]).contains("replsim size: " + refused[2]);
        }
    }

    @Test
    void runAndSoakRefuseOutOfRangeCountsNamingTheFlag(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("flags.yaml"), SCENARIO);
        Path runs = dir.resolve("runs");

        ReplsimCall progress = ReplsimCall.of(with(scenario, runs, "run", "--progress-every", "0"));
        ReplsimCall tooSlow = ReplsimCall.of(with(scenario, runs, "run", "--progress-every", "86400"));
        ReplsimCall repeat = ReplsimCall.of(with(scenario, runs, "soak", "--repeat", "1001"));

        assertThat(progress.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(progress.err()).contains("replsim run: --progress-every: got 0, expected whole seconds from 1 to 3600");
        assertThat(tooSlow.err()).contains("--progress-every: got 86400, expected whole seconds from 1 to 3600");
        assertThat(repeat.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(repeat.err()).contains("replsim soak: --repeat: got 1001, expected a whole number from 1 to 1000");
        assertThat(runs).as("nothing ran").doesNotExist();
    }

    @Test
    void runRefusesADriverMetricsPortOutOfRangeAndForASoak(@TempDir Path dir) throws Exception {
        Path scenario = Files.writeString(dir.resolve("flags.yaml"), SCENARIO);
        Path soak = Files.writeString(dir.resolve("soak.yaml"),
                SCENARIO.replace("name: flags", "name: soak\nrepeat: 3"));
        Path runs = dir.resolve("runs");

        ReplsimCall zero = ReplsimCall.of(with(scenario, runs, "run", "--metrics-port", "0"));
        ReplsimCall tooHigh = ReplsimCall.of(with(scenario, runs, "run", "--metrics-port", "65536"));
        ReplsimCall soaked = ReplsimCall.of(with(soak, runs, "run", "--metrics-port", "9400"));

        assertThat(List.of(zero, tooHigh, soaked)).allSatisfy(call ->
                assertThat(call.exit()).isEqualTo(ReplsimCommand.BAD_INPUT));
        assertThat(zero.err()).contains("replsim run: --metrics-port: got 0, expected a whole number from 1 to 65535");
        assertThat(tooHigh.err()).contains("--metrics-port: got 65536, expected a whole number from 1 to 65535");
        assertThat(soaked.err()).contains("replsim run: --metrics-port serves one run's driver, and " + soak
                + " is a soak of 3 runs (repeat); leave the option out, or set repeat: 1");
        assertThat(runs).as("nothing ran").doesNotExist();
    }
}

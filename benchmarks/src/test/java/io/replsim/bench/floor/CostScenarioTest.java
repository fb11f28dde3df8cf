package io.replsim.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CostScenarioTest {

    @Test
    void shortensTheWarmUpAndTheLoadAndLeavesTheRest(@TempDir Path directory) throws Exception {
        Path source = directory.resolve("session-3k.yaml");
        Files.writeString(source, """
                load:
                  users: 240
                  rampUp: 5s
                  warmUp: 150s        # a comment that stays
                  duration: 210s
                  requestTimeout: 5s
                """);

        var scenario = CostScenario.of(source, Duration.ofSeconds(90), Duration.ofSeconds(45));
        Path written = scenario.writeInto(directory.resolve("out"));

        assertThat(scenario.windowStart()).isEqualTo(Duration.ofSeconds(95));
        assertThat(scenario.duration()).isEqualTo(Duration.ofSeconds(140));
        assertThat(Files.readString(written)).isEqualTo("""
                load:
                  users: 240
                  rampUp: 5s
                  warmUp: 90s        # a comment that stays
                  duration: 140s
                  requestTimeout: 5s
                """);
    }
}

package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A soak of one in-JVM node carries each drill's history's anomalies from the drill's own summary.json into its line,
 * soak.json and its end summary (with 2 tabs a user, as the combined drills' soak plays them); a drill without
 * {@code load.history} says its history was not recorded.
 */
@Timeout(120)
class SoakHistoryTest {

    private static final String SCENARIO = """
            name: %s
            cluster: {nodes: 1, workers: 4, heap: 96m}
            load: {users: 2, tabs: %d, thinkTime: 100ms, duration: 2s, history: %s}
            """;

    @TempDir
    Path dir;

    @Test
    void eachDrillsAnomaliesAreTheCountsOfItsOwnSummary() throws Exception {
        Soaked soaked = soak("checked", true);
        JsonNode drill = soaked.json().at("/drills/0/anomalies");
        JsonNode own = new ObjectMapper().readTree(soaked.directory().resolve(RecordedSoak.RUNS).toFile().listFiles()[0]
                .toPath().resolve("summary.json").toFile()).get("anomalies");

        assertThat(drill.at("/requests").asLong()).as(soaked.console()).isPositive();
        assertThat(drill).as("the drill's summary.json's counts").isEqualTo(own);
        assertThat(soaked.json().at("/anomalies/counts")).as("one drill: its counts are the totals").isEqualTo(own);
        assertThat(soaked.json().at("/anomalies/drillsJudged").asInt()).isEqualTo(1);
        // the drill's verdict is not the claim: a loaded machine may make so short a drill INVALID
        assertThat(soaked.console()).containsPattern("soak 1/1: [A-Z]+, .*; history: no illegal anomaly\n")
                .contains(String.format(java.util.Locale.ROOT, "\nhistory   1 of 1 drills judged: %,d requests, ",
                        own.get("requests").asLong()));
    }

    @Test
    void aDrillWithoutAHistoryIsNotJudged() throws Exception {
        Soaked soaked = soak("unchecked", false);

        assertThat(soaked.json().at("/drills/0/anomalies").isNull()).as(soaked.console()).isTrue();
        assertThat(soaked.json().at("/anomalies/counts").isNull()).isTrue();
        assertThat(soaked.json().at("/anomalies/drillsNotJudged").asInt()).isEqualTo(1);
        assertThat(soaked.console()).contains("; history not recorded\n")
                .contains("\nhistory   not recorded by any of the 1 drills (no load.history): every kind not judged");
    }

    private record Soaked(Path directory, JsonNode json, String console) {}

    private Soaked soak(String name, boolean history) throws Exception {
        Path scenario = Files.writeString(dir.resolve(name + ".yaml"), SCENARIO.formatted(name, history ? 2 : 1,
                history));
        InJvmSoak soak = InJvmSoak.play(dir.resolve("runs"), scenario, 1);
        return new Soaked(soak.directory(), new ObjectMapper().readTree(soak.directory().resolve(RecordedSoak.FILE)
                .toFile()), soak.console());
    }
}

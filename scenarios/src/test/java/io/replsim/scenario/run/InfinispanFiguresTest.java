package io.replsim.scenario.run;

import static io.replsim.scenario.SummaryJsonAssertions.measured;
import static io.replsim.scenario.SummaryJsonAssertions.measuredNumber;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.NoNodeProcessLeft;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two nodes on the infinispan engine and a kill: Infinispan has no data gravitation, so the run reports the figure
 * as not applicable (null, with the reason) instead of "0 gravitations", which would read as "measured, none
 * happened". A claim about the report, so the nodes run in this JVM.
 */
@ExtendWith(NoNodeProcessLeft.class)
class InfinispanFiguresTest {
    private static final String SCENARIO = """
            name: infinispan-figures
            cluster: {nodes: 2, workers: 8, cpuBudget: 0.66, heap: 192m}
            replication: {engine: infinispan, placement: all, granularity: session, delivery: sync}
            workload: {payload: 1KB}
            load: {users: 10, thinkTime: 200ms, rampUp: 1s, duration: 12s}
            faults:
              - {type: kill, at: 6s, target: primary-of-most}
            """;

    @Test
    @Timeout(value = 3, unit = java.util.concurrent.TimeUnit.MINUTES)
    void gravitationsAreNotApplicableOnInfinispanNotZero(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.playInJvm(dir, "infinispan-figures", SCENARIO);
        String printed = played.console();

        JsonNode json = new ObjectMapper().readTree(played.directory().resolve("summary.json").toFile());
        assertThat(json.at("/nodes")).as(printed).hasSize(2);
        for (JsonNode node : json.at("/nodes")) {
            assertThat(node.get("gravitations").isNull()).as("gravitations of " + node).isTrue();
            measuredNumber(node, "/remoteReads");
        }
        assertThat(json.at("/faults")).hasSize(1);
        assertThat(json.at("/faults/0/attributed/gravitations").isNull()).as(printed).isTrue();
        measuredNumber(json, "/faults/0/attributed/sessionsLost");
        assertThat(measured(json, "/cluster/gravitationsNotApplicable").asText()).contains("no data gravitation");
        assertThat(printed).doesNotContainPattern("\\d gravitations")
                .contains("gravitations not applicable", "gravitations: not applicable (the infinispan engine");
    }
}

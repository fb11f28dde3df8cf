package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.NoNodeProcessLeft;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run says what its nodes were asked to do beyond the defaults: a per-request service time and a JGroups stack
 * other than replsim's own, on the console under the cluster line and in summary.json, so two reports can be told
 * apart by what was run, not only by their figures. A claim about the report, so the node runs in this JVM (from the
 * same command line a process gets, which carries the service time, the trigger and the stack).
 */
@ExtendWith(NoNodeProcessLeft.class)
class ClusterLineTest {
    private static final String SCENARIO = """
            name: worked
            cluster: {nodes: 1, workers: 4, heap: 96m}
            replication: {trigger: set-and-get}
            workload: {app: counter, serviceTime: {cpu: 1ms, wait: 2ms}}
            jgroups: {preset: wildfly}
            load: {users: 2, thinkTime: 100ms, duration: 3s}
            """;

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void theServiceTimeTheTriggerAndTheStackAreNamed(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.playInJvm(dir, "worked", SCENARIO);

        assertThat(played.console()).as(played.console())
                .contains("\n          service time cpu 1ms, wait 2ms; jgroups wildfly\n");
        JsonNode cluster = new ObjectMapper().readTree(played.directory().resolve("summary.json").toFile())
                .get("cluster");
        assertThat(cluster.get("serviceTime").asText()).isEqualTo("cpu 1ms, wait 2ms");
        assertThat(cluster.get("jgroups").asText()).isEqualTo("wildfly");
        assertThat(cluster.get("trigger").asText()).isEqualTo("set-and-get");
    }
}

package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.runtime.AdminOnlyRuntime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stats read once the load has ended: a live node that does not answer then (as a restarted node still joining
 * did, breaking a whole drill-restart run with an IOException) is named, and the others' are kept.
 */
class FinalNodeStatsTest {

    @Test
    void aNodeThatDoesNotAnswerAtTheEndIsNamedAndTheOthersAreKept(@TempDir Path runs) throws Exception {
        RunDirectory dir = RunDirectory.create(runs, "x", LocalDateTime.of(2026, 11, 29, 6, 0));
        AdminOnlyRuntime runtime = new AdminOnlyRuntime(List.of("node1", "node2")) {
            @Override
            protected String answer(String node, String method, String path, String body) throws IOException {
                if (node.equals("node2")) {
                    throw new IOException("Connection refused");
                }
                return "{\"node\":\"" + node + "\"}";
            }
        };

        List<String> unanswered = FinalNodeStats.write(runtime, dir);

        assertThat(unanswered).singleElement().asString().startsWith("node2").endsWith("Connection refused");
        assertThat(Files.readString(dir.nodes().resolve("node1-stats.json"))).isEqualTo("{\"node\":\"node1\"}");
        assertThat(dir.nodes().resolve("node2-stats.json")).doesNotExist();
    }
}

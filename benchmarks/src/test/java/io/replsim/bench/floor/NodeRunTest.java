package io.replsim.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeRunTest {

    @Test
    void theVerdictOfARunIsItsSummarys(@TempDir Path run) throws IOException {
        Files.writeString(run.resolve("summary.json"), "{\"name\": \"cost-none-64k\", \"verdict\": \"FAIL\"}");

        assertThat(NodeRun.verdictOf(run)).isEqualTo("FAIL");
    }
}

package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.RecordedRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run with {@code load.tabs}: the users' serial oracle judges none of its sessions (docs/drills.md, "Tabs"), so
 * summary.json's sessions and responses by verdict are not there (null: not judged), never zeros that read as no
 * session served; report.html and the console drawn again from the directory say so too. The claim is the report's,
 * so the nodes run in this JVM.
 */
@ExtendWith(NoNodeProcessLeft.class)
class TabsSummaryTest {
    private static final String TABS = """
            name: tabs-summary
            cluster: {nodes: 2, workers: 8, cpuBudget: 2}
            replication: {placement: all, granularity: session, delivery: sync}
            workload: {app: counter, payload: 512B}
            load: {users: 4, tabs: 2, thinkTime: 50ms, rampUp: 500ms, duration: 3s, requestTimeout: 3s, history: true}
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void theSessionsATabsRunDidNotJudgeAreNotWrittenAsZeros(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.playInJvm(dir, "tabs-summary", TABS);
        JsonNode summary = new ObjectMapper().readTree(played.directory().resolve("summary.json").toFile());

        assertThat(played.summary().users().served()).as(played.console()).isEqualTo(4);
        assertThat(played.summary().anomalies().judged()).as(played.console()).isPositive();
        assertThat(summary.get("sessions").isNull()).as("summary.json's sessions: %s", summary.get("sessions"))
                .isTrue();
        assertThat(summary.get("responses").isNull()).as("summary.json's responses: %s", summary.get("responses"))
                .isTrue();
        assertThat(Files.readString(played.directory().resolve("report.html")))
                .contains("<h2>Sessions by verdict</h2>\n<p class=\"not-judged\">Not judged: each user's 2 tabs");

        ByteArrayOutputStream redrawn = new ByteArrayOutputStream();
        RecordedRun.read(played.directory()).printSummary(new PrintStream(redrawn, true, StandardCharsets.UTF_8));
        assertThat(redrawn.toString(StandardCharsets.UTF_8))
                .contains("sessions  not judged one request at a time: each user's 2 tabs share its session");
    }
}

package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.history.HistoryFile;
import io.replsim.scenario.report.AnomalyCounts;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.run.PlayedScenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run with {@code load.history: true} on an in-JVM cluster under sync replication with attribute granularity,
 * through a kill: the run directory holds history.jsonl, summary.json counts what the checker found (every answer
 * judged, no anomaly a correct cluster does not show), the console says so in one line, and {@code replsim check}
 * reads the directory and passes.
 */
class HistoryRunTest {

    private static final String SYNC_KILL = """
            name: history-sync-kill
            cluster: {nodes: 3, workers: 8}
            replication: {placement: all, granularity: attribute, delivery: sync, syncTimeout: 2s}
            workload: {app: counter, payload: 512B}
            load: {users: 12, thinkTime: 1s, rampUp: 1s, duration: 8s, requestTimeout: 3s, history: true}
            faults:
              - {type: kill, at: 3s, target: primary-of-most}
            checks: {maxAnomalies: {lostUpdate: 0, writeAppliedTwice: 0}}
            """;

    /**
     * The sessions would travel once every 30 s, so none has by the kill at 4 s: every write its owner acknowledged
     * is lost, and its users' next reads come from new sessions that lack them. (With a 2 s interval a kill that
     * came just after a snapshot lost nothing, once.)
     */
    private static final String SNAPSHOT_KILL = """
            name: history-snapshot-kill
            cluster: {nodes: 3, workers: 8}
            replication: {placement: all, granularity: session, delivery: sync, syncTimeout: 2s,
                          snapshotMode: interval, snapshotInterval: 30s}
            workload: {app: counter, payload: 512B}
            load: {users: 12, thinkTime: 300ms, rampUp: 1s, duration: 8s, requestTimeout: 3s, history: true}
            faults:
              - {type: kill, at: 4s, target: primary-of-most}
            checks: {maxAnomalies: {lostUpdate: 0}}
            """;

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aSyncRunThroughAKillRecordsAHistoryWithoutAnomalies(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.playInJvm(dir, "history-sync-kill", SYNC_KILL);
        RunSummary summary = played.summary();
        String printed = played.console();
        Path run = Path.of(summary.runDirectory());

        assertThat(run.resolve(HistoryFile.NAME)).exists();
        AnomalyCounts anomalies = summary.anomalies();
        assertThat(anomalies).as(printed).isNotNull();
        assertThat(anomalies.requests()).as(printed).isEqualTo(summary.requests().total());
        assertThat(anomalies.judged()).as(printed).isPositive();
        assertThat(anomalies.notJudged()).as(printed).isZero();
        assertThat(anomalies.illegal()).as(printed).isZero();
        assertThat(Files.readString(run.resolve("summary.json"))).contains("\"anomalies\"")
                .contains("\"lostUpdate\" : 0");
        assertThat(printed).containsPattern("history   [0-9,]+ requests, [0-9,]+ judged, 0 not judged; lost updates 0");

        assertThat(summary.checks()).as(printed)
                .anySatisfy(check -> assertThat(check.check()).isEqualTo("anomalies"))
                .allSatisfy(check -> assertThat(check.passed()).as(check.toString()).isTrue());

        ReplsimCall check = ReplsimCall.of("check", run.toString());
        assertThat(check.exit()).as(check.out() + check.err()).isZero();
        assertThat(check.out()).contains("result    PASS");
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aKillThatLosesAcknowledgedWritesFailsTheAnomalyCheck(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.playInJvm(dir, "history-snapshot-kill", SNAPSHOT_KILL);
        RunSummary summary = played.summary();
        String printed = played.console();

        assertThat(summary.anomalies().lostUpdate()).as(printed).isPositive();
        assertThat(summary.checks()).as(printed).filteredOn(check -> check.check().equals("anomalies"))
                .singleElement().satisfies(check -> {
                    assertThat(check.passed()).isFalse();
                    assertThat(check.actual()).startsWith(summary.anomalies().lostUpdate() + " lost update");
                });
        assertThat(summary.verdict()).isEqualTo("FAIL");
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aRunWithoutAHistoryWritesNone(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.playInJvm(dir, "history-off", SYNC_KILL.replace("history-sync-kill",
                "history-off").replace(", history: true", "").replace("faults:\n  - {type: kill, at: 3s, target:"
                + " primary-of-most}\n", "").replace("checks: {maxAnomalies: {lostUpdate: 0, writeAppliedTwice: 0}}\n", ""));

        assertThat(played.summary().anomalies()).isNull();
        assertThat(Path.of(played.summary().runDirectory()).resolve(HistoryFile.NAME)).doesNotExist();
        assertThat(played.console()).doesNotContain("history   ");
    }
}

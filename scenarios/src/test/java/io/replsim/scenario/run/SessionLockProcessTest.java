package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.report.AnomalyCounts;
import io.replsim.scenario.report.RunSummary;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The known answer of issue 29 on a node process: two tabs of each user writing its one session at once, under
 * session granularity. Without a session lock each request stores the session it found on arrival plus its own
 * append, 20 ms of service time later, so of two requests at once the later store wins and the checker names lost
 * updates; with replsim's per-session lock a request reads its session only once it holds it, and none is lost. One
 * node, since the claim is about how one node serves two requests on one session (no replication is involved: the
 * lost write never existed anywhere), on a node process so that the setting crosses to it as --session-lock.
 */
class SessionLockProcessTest {

    private static final String TABS = """
            name: NAME
            cluster: {nodes: 1, workers: 16}
            replication: {granularity: session, sessionLock: LOCK}
            workload: {app: counter, payload: 512B, serviceTime: {wait: 20ms}}
            load: {users: 6, tabs: 2, thinkTime: 20ms, rampUp: 500ms, duration: 4s, requestTimeout: 3s, history: true}
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void withoutASessionLockTwoTabsLoseUpdates(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.play(dir, "tabs-no-lock",
                TABS.replace("NAME", "tabs-no-lock").replace("LOCK", "none"));
        AnomalyCounts anomalies = played.summary().anomalies();

        assertThat(anomalies).as(played.console()).isNotNull();
        assertThat(anomalies.lostUpdate()).as(played.console()).isPositive();
        assertThat(played.console()).contains("sessions  not judged one request at a time: each user's 2 tabs");
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void withThePerSessionLockTwoTabsLoseNothing(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.play(dir, "tabs-lock",
                TABS.replace("NAME", "tabs-lock").replace("LOCK", "per-session"));
        RunSummary summary = played.summary();
        AnomalyCounts anomalies = summary.anomalies();

        assertThat(anomalies).as(played.console()).isNotNull();
        assertThat(anomalies.judged()).as(played.console()).isPositive();
        assertThat(anomalies.notJudged()).as(played.console()).isZero();
        assertThat(anomalies.lostUpdate()).as(played.console()).isZero();
        assertThat(anomalies.illegal()).as(played.console()).isZero();
    }
}

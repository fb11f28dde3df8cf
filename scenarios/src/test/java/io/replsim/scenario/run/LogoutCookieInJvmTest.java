package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.history.HistoryFile;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Operation;
import io.replsim.scenario.report.AnomalyCounts;
import io.replsim.scenario.report.RunSummary;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver takes a logout's cookie as the app's answer leaves it, on replsim's own nodes (in this JVM, 2 nodes,
 * sync): with {@code workload.logoutCookie: keep} the answer sets no expiring cookie, and the user's next request
 * (its next visit's first) still carries the ended session's id, which the history records as sent; the node holds
 * no such session and answers with a new one, which the oracle and the checker take as normal. With {@code expire}
 * the answer expires the cookie and no request carries an ended session's id again.
 */
class LogoutCookieInJvmTest {

    private static final String SCENARIO = """
            name: logout-cookie-%s
            cluster: {nodes: 2, workers: 4}
            replication: {placement: all, delivery: sync}
            workload: {app: counter, payload: 64B, logoutCookie: %s}
            load: {users: 6, thinkTime: 50ms, duration: 3s, sessionLength: 300ms, history: true}
            """;

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void withKeepTheNextVisitSendsTheEndedSessionsIdAndGetsANewSession(@TempDir Path dir) throws Exception {
        PlayedScenario played = played(dir, "keep");
        List<HistoryRequest> history = HistoryFile.read(played.directory().resolve(HistoryFile.NAME));

        List<HistoryRequest> afterLogouts = EndedIdsSentAgain.after(history, any -> true);
        assertThat(afterLogouts).as(played.console()).isNotEmpty();
        for (HistoryRequest request : afterLogouts) {
            assertThat(request.operation()).as(request.describe()).isNotInstanceOf(Operation.Logout.class);
            // the node ended the session everywhere: it answers the id with a new session, never the old one
            request.answer().ifPresent(answer -> assertThat(answer.session()).as(request.describe())
                    .isNotEqualTo(request.sentSession().orElseThrow()));
        }
        assertJudgedNormal(played);
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void withExpireNoRequestSendsAnEndedSessionsIdAgain(@TempDir Path dir) throws Exception {
        PlayedScenario played = played(dir, "expire");
        List<HistoryRequest> history = HistoryFile.read(played.directory().resolve(HistoryFile.NAME));

        assertThat(history).as(played.console()).anyMatch(request -> request.operation() instanceof Operation.Logout
                && request.acknowledged());
        assertThat(EndedIdsSentAgain.after(history, any -> true)).as(played.console()).isEmpty();
        assertJudgedNormal(played);
    }

    private static PlayedScenario played(Path dir, String logoutCookie) throws Exception {
        return PlayedScenario.playInJvm(dir, "logout-cookie-" + logoutCookie,
                SCENARIO.formatted(logoutCookie, logoutCookie));
    }

    /** A new session for an ended id is normal: no session LOST or STALE, and no illegal anomaly. */
    private static void assertJudgedNormal(PlayedScenario played) {
        RunSummary summary = played.summary();
        assertThat(summary.sessions().lost()).as(played.console()).isZero();
        assertThat(summary.sessions().stale()).as(played.console()).isZero();
        assertThat(summary.sessions().ok()).as(played.console()).isPositive();
        AnomalyCounts anomalies = summary.anomalies();
        assertThat(anomalies.invalidatedSessionAnswered()).as(played.console()).isZero();
        assertThat(anomalies.illegal()).as(played.console()).isZero();
    }
}

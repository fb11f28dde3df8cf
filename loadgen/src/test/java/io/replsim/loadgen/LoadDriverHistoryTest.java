package io.replsim.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.profile.SessionsAtEnd;
import io.replsim.loadgen.think.ThinkTime;
import io.replsim.loadgen.StubCluster.Behaviour;
import io.replsim.loadgen.anomaly.AnomalyKind;
import io.replsim.loadgen.anomaly.Consistency;
import io.replsim.loadgen.anomaly.ConsistencyChecker;
import io.replsim.loadgen.history.History;
import io.replsim.loadgen.history.HistoryFile;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Operation;
import io.replsim.loadgen.history.Outcome;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserCarrierKind;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A driver asked for a history writes every request to it as the checker reads it, on both carriers: ids sent as
 * {@code X-Replsim-Request}, the list each answer showed, the session without its route. Against a stub cluster
 * that keeps every write the checker finds no anomaly; against one that acknowledges writes it does not keep, it
 * finds them lost.
 */
class LoadDriverHistoryTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @TempDir
    Path dir;

    private static LoadProfile profile(UserCarrierKind runtime) {
        return profile(runtime, Duration.ofMillis(1_500));
    }

    private static LoadProfile profile(UserCarrierKind runtime, Duration duration) {
        return LoadProfile.builder("/counter").users(4).thinkTime(new ThinkTime.Fixed(Duration.ofMillis(20)))
                .duration(duration).requestTimeout(TIMEOUT).sessionsAtEnd(SessionsAtEnd.ENDED)
                .runtime(runtime).build();
    }

    @ParameterizedTest
    @EnumSource(UserCarrierKind.class)
    void everyRequestIsWrittenWithTheListItsAnswerShowed(UserCarrierKind runtime) throws Exception {
        Path file = dir.resolve(HistoryFile.NAME);
        LoadResult result;
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL);
             LoadDriver driver = new LoadDriver(profile(runtime), cluster.endpoints(), dir.resolve("latency.hlog"),
                     Optional.of(file))) {
            driver.start();
            result = driver.awaitResult();
        }

        History history = HistoryFile.readHistory(file);
        assertThat(history.dropped()).isZero();
        assertThat(history.requests()).hasSize((int) result.requests());
        assertThat(history.requests()).allSatisfy(request -> {
            assertThat(request.outcome()).isEqualTo(Outcome.OK);
            assertThat(request.read()).as(request.describe()).isPresent();
            assertThat(request.answer().orElseThrow().session()).doesNotContain(".");
        });
        assertThat(history.requests()).filteredOn(request -> request.operation() instanceof Operation.Logout)
                .as("each user's logout at the end").hasSize(4);
        HistoryRequest append = history.requests().stream().filter(request -> request.sentSession().isPresent()
                && request.appended().isPresent()).findFirst().orElseThrow();
        assertThat(append.read().orElseThrow()).endsWith(append.id());
        Consistency consistency = ConsistencyChecker.check(history);
        assertThat(consistency.anomalies()).isEmpty();
        assertThat(consistency.notJudged()).isZero();
        assertThat(consistency.judged()).isPositive();
    }

    @ParameterizedTest
    @EnumSource(UserCarrierKind.class)
    void writesAcknowledgedAndNotKeptShowAsLost(UserCarrierKind runtime) throws Exception {
        Path file = dir.resolve(HistoryFile.NAME);
        // long enough for a lost write to be read back before the logout, which ends the session's judging: on a
        // busy machine a cold driver's first answers took 0.55 s, leaving 1.5 s room for two requests a user
        try (StubCluster cluster = new StubCluster(Behaviour.LOSES_RECORDED_WRITES);
             LoadDriver driver = new LoadDriver(profile(runtime, Duration.ofSeconds(4)), cluster.endpoints(),
                     dir.resolve("latency.hlog"),
                     Optional.of(file))) {
            driver.start();
            driver.awaitResult();
        }

        History history = HistoryFile.readHistory(file);
        Consistency consistency = ConsistencyChecker.check(history);
        assertThat(consistency.of(AnomalyKind.LOST_UPDATE)).as(String.join("\n", history.requests().stream()
                .map(HistoryRequest::describe).toList())).isNotEmpty();
    }
}

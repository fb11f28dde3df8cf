package io.replsim.loadgen.anomaly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.replsim.loadgen.history.HistoryFile;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Outcome;
import io.replsim.loadgen.history.Requests;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsistencyCheckerTest {

    static List<HistoryRequest> resource(String name) throws Exception {
        return HistoryFile.read(Path.of(ConsistencyCheckerTest.class.getResource("/history/" + name).toURI()));
    }

    private static List<Long> ids(Anomaly anomaly) {
        return anomaly.proof().stream().map(HistoryRequest::id).toList();
    }

    @Test
    void aHistoryWithOneAnomalyOfEachKindHasExactlyThoseEachWithTheRequestsThatProveIt() throws Exception {
        Consistency consistency = ConsistencyChecker.check(resource("one-of-each.jsonl"));

        assertThat(consistency.anomalies()).extracting(Anomaly::kind, ConsistencyCheckerTest::ids).containsExactly(
                tuple(AnomalyKind.LOST_UPDATE, List.of(2L, 4L)),
                tuple(AnomalyKind.READ_YOUR_WRITES_VIOLATED, List.of(12L, 13L)),
                tuple(AnomalyKind.NON_MONOTONIC_READ, List.of(23L, 24L)),
                tuple(AnomalyKind.INDETERMINATE_WRITE_APPLIED, List.of(32L, 33L)),
                tuple(AnomalyKind.INVALIDATED_SESSION_ANSWERED, List.of(42L, 43L)),
                tuple(AnomalyKind.WRITE_APPLIED_TWICE, List.of(52L, 53L)));
        assertThat(consistency.illegal()).extracting(Anomaly::kind)
                .doesNotContain(AnomalyKind.INDETERMINATE_WRITE_APPLIED).hasSize(5);
        assertThat(consistency.unjudged()).isEmpty();
        assertThat(consistency.requests()).isEqualTo(23);
        assertThat(consistency.indeterminate()).isEqualTo(1);
    }

    @Test
    void aCleanHistoryWithConcurrentTabsUnknownOutcomesALogoutAndAnExpiryHasNoAnomaly() throws Exception {
        Consistency consistency = ConsistencyChecker.check(resource("clean.jsonl"));

        assertThat(consistency.anomalies()).isEmpty();
        assertThat(consistency.unjudged()).isEmpty();
        assertThat(consistency.indeterminate()).isEqualTo(2);
        // every acknowledged request but the logout was judged
        assertThat(consistency.judged()).isEqualTo(16);
    }

    @Test
    void anAnswerWithoutAListIsCountedAsNotJudgedAndProvesNothing() {
        // #3 has no list: had it counted as a read, it would make #2 a lost update
        List<HistoryRequest> history = List.of(
                Requests.of(1).user(1).append().at(10, 11).ok("node1", "s", 1),
                Requests.of(2).user(1).on("s").append().at(20, 21).ok("node1", "s", 1, 2),
                Requests.of(3).user(1).on("s").at(30, 31).okWithoutList("node2", "s"));

        Consistency consistency = ConsistencyChecker.check(history);

        assertThat(consistency.anomalies()).isEmpty();
        assertThat(consistency.unjudged()).extracting(unjudged -> unjudged.request().id(), Unjudged::why)
                .containsExactly(tuple(3L, "its answer carried no list to read"));
        assertThat(consistency.judged()).isEqualTo(2);
    }

    @Test
    void aReadOfAnElementNoRequestAppendedIsNotJudged() {
        List<HistoryRequest> history = List.of(
                Requests.of(1).user(1).append().at(10, 11).ok("node1", "s", 1),
                Requests.of(2).user(1).on("s").at(20, 21).ok("node1", "s", 7));

        Consistency consistency = ConsistencyChecker.check(history);

        assertThat(consistency.unjudged()).extracting(Unjudged::why)
                .containsExactly("it read 7, which no request of the history appended");
        assertThat(consistency.anomalies()).isEmpty();
    }

    @Test
    void failedAndTimedOutRequestsAreCountedAsIndeterminateNotJudged() {
        List<HistoryRequest> history = List.of(
                Requests.of(1).user(1).append().at(10, 11).ok("node1", "s", 1),
                Requests.of(2).user(1).on("s").append().at(20, 21).ended(Outcome.FAILED),
                Requests.of(3).user(1).on("s").append().at(30, 31).ended(Outcome.TIMEOUT));

        Consistency consistency = ConsistencyChecker.check(history);

        assertThat(consistency.indeterminate()).isEqualTo(2);
        assertThat(consistency.judged()).isEqualTo(1);
        assertThat(consistency.unjudged()).isEmpty();
    }
}

package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.anomaly.Anomaly;
import io.replsim.loadgen.anomaly.AnomalyKind;
import io.replsim.loadgen.anomaly.Consistency;
import io.replsim.loadgen.history.HistoryFile;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Operation;
import io.replsim.scenario.NoNodeProcessLeft;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A known answer of the history checker for an invalidated session answered again: the shipped drill
 * scenarios/drill-async-logout-kill.yaml on node processes. Logouts keep the cookie ({@code workload.logoutCookie:
 * keep}), ends travel in the async queues ({@code async.ends: queued}, 5 s bundles), and the primary of the most
 * sessions is SIGKILLed: the logouts it acknowledged in its last bundle window never reached the survivors, whose
 * copies of those sessions answer the users' next visits, which carry the ended ids. Each is named with its proof:
 * the logout, and a later answer from another node, a survivor, under the same id holding an element appended before
 * the logout. Most logouts are the killed node's; a survivor's can be too, for a session the kill moved to it, whose
 * end was still queued when the user's next visit reached the third node. Its counterpart under sync, where no end
 * is queued: {@link SyncLogoutKillDrill}.
 */
@ExtendWith(NoNodeProcessLeft.class)
class AsyncLogoutKillDrill {

    static final String NAME = "drill-async-logout-kill";

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void underAsyncTheKilledNodesQueuedLogoutsAreLostAndEachSessionAnswersAgainFromASurvivor(@TempDir Path dir)
            throws Exception {
        PlayedScenario played = PlayedScenario.playShipped(dir, NAME);
        String killed = KillHistoryDrill.killedNode(played);
        List<HistoryRequest> history = HistoryFile.read(played.directory().resolve(HistoryFile.NAME));
        Map<Long, HistoryRequest> byId = history.stream().collect(Collectors.toMap(HistoryRequest::id,
                Function.identity()));
        Consistency judged = KillHistoryDrill.checked(played);
        printFigures(played, history, killed);

        List<Anomaly> answeredAgain = judged.of(AnomalyKind.INVALIDATED_SESSION_ANSWERED);
        // the first proofs as replsim check prints them, for docs/drills.md's example from a real run
        answeredAgain.stream().limit(2).forEach(anomaly -> {
            anomaly.proof().forEach(request -> System.out.println(request.describe()));
            System.out.println("why: " + anomaly.why());
        });
        assertThat(answeredAgain).as(played.console()).isNotEmpty();
        assertThat(played.summary().anomalies().invalidatedSessionAnswered()).isEqualTo(answeredAgain.size());
        // the killed node's own queued ends; and a survivor's, for a session the kill moved to it: its logout's
        // answer leaves the cookie naming the dead node, so the next visit may reach the third node before the end
        assertThat(answeredAgain).as(played.console()).anySatisfy(anomaly -> assertThat(
                ((Anomaly.InvalidatedSessionAnswered) anomaly).invalidation().node()).contains(killed));
        for (Anomaly anomaly : answeredAgain) {
            Anomaly.InvalidatedSessionAnswered proof = (Anomaly.InvalidatedSessionAnswered) anomaly;
            HistoryRequest logout = proof.invalidation();
            HistoryRequest answer = proof.answer();
            String session = logout.sentSession().orElseThrow();
            assertThat(logout.operation()).as(proof.why()).isInstanceOf(Operation.Logout.class);
            assertThat(logout.acknowledged()).as(proof.why()).isTrue();
            assertThat(answer.after(logout)).as(proof.why()).isTrue();
            assertThat(answer.node()).as(proof.why()).isPresent().isNotEqualTo(Optional.of(killed))
                    .isNotEqualTo(logout.node());
            assertThat(answer.sentSession()).as(proof.why()).contains(session);
            assertThat(answer.answer().orElseThrow().session()).as(proof.why()).isEqualTo(session);
            assertThat(answer.read().orElseThrow()).as(proof.why()).anySatisfy(element -> assertThat(
                    byId.get(element).invokeMicros()).isLessThan(logout.completeMicros()));
        }
        assertThat(played.summary().anomalies().writeAppliedTwice()).as(played.console()).isZero();
    }

    /** One line a run, for docs/measurements: the requests that carried an ended id after the kill, and the counts. */
    static void printFigures(PlayedScenario played, List<HistoryRequest> history, String killed) {
        System.out.printf("%s: kill of %s at %d ms; %d requests after it carried an id %s logged out; %s%n",
                played.spec().name(), killed, played.summary().faults().getFirst().atMs(),
                carriedLoggedOutIds(history, killed).size(), killed, played.summary().anomalies());
    }

    /**
     * The acknowledged requests sent after the killed node's last answer with the id of a session whose logout the
     * killed node acknowledged: the users a kill sends on with an ended session's cookie.
     */
    static List<HistoryRequest> carriedLoggedOutIds(List<HistoryRequest> history, String killed) {
        long lastAnswerMicros = history.stream().filter(request -> request.node().equals(Optional.of(killed))
                && request.acknowledged()).mapToLong(HistoryRequest::completeMicros).max().orElseThrow();
        return EndedIdsSentAgain.after(history, logout -> logout.node().equals(Optional.of(killed))).stream()
                .filter(request -> request.acknowledged() && request.invokeMicros() > lastAnswerMicros)
                .toList();
    }
}

package io.replsim.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.StubCluster.Behaviour;
import io.replsim.loadgen.anomaly.AnomalyKind;
import io.replsim.loadgen.anomaly.Consistency;
import io.replsim.loadgen.anomaly.ConsistencyChecker;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.UsersServed;
import io.replsim.loadgen.history.History;
import io.replsim.loadgen.history.HistoryFile;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.think.ThinkTime;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code load.tabs}: each user runs its tabs as request loops of their own on its one session, on both carriers.
 * Against a stub cluster that keeps every write (its sessions change atomically, as under a session lock), the
 * history shows each user's tabs on one session, sending its cookie from their first request, their requests
 * overlapping, and no write lost or read out of order; the serial oracle judges none of those sessions (it holds an
 * answer to the state its own requests built, which other tabs' writes change in between: a cart line, a profile
 * attribute, a session a failover replaced), and every user is still counted served. The load runs until the nodes
 * answered 120 requests, not for a set time: in a cold test JVM beside other builds (load 15-20) a user's first
 * answer took seconds.
 */
class TabsLoadTest {
    private static final int USERS = 4;
    private static final int TABS = 3;
    /** Some 10 answers a tab: every tab has sent, and tabs have overlapped, however slow the machine. */
    private static final long ANSWERS = USERS * TABS * 10;

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(UserCarrierKind.class)
    void eachUsersTabsShareItsSessionAndOverlap(UserCarrierKind runtime) throws Exception {
        LoadProfile profile = LoadProfile.builder("/counter").users(USERS).tabs(TABS)
                .thinkTime(new ThinkTime.Fixed(Duration.ofMillis(50))).duration(Duration.ofSeconds(60))
                .runtime(runtime).seed(7).build();
        Path file = dir.resolve(HistoryFile.NAME);
        LoadResult result;
        long sessionsMade;
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL);
             LoadDriver driver = new LoadDriver(profile, cluster.endpoints(), dir.resolve("latency.hlog"),
                     Optional.of(file))) {
            driver.start();
            awaitAnswers(cluster, ANSWERS);
            driver.close();
            result = driver.awaitResult();
            sessionsMade = cluster.sessionsCreated();
        }

        History history = HistoryFile.readHistory(file);
        Map<Integer, List<HistoryRequest>> byUser = history.requests().stream()
                .collect(Collectors.groupingBy(HistoryRequest::user));
        assertThat(byUser).hasSize(USERS);
        byUser.forEach((user, requests) -> {
            assertThat(requests.stream().map(HistoryRequest::tab).collect(Collectors.toSet())).as("user %d", user)
                    .isEqualTo(Set.of(0, 1, 2));
            assertThat(requests.stream().flatMap(request -> request.answer().stream()).map(answer -> answer.session())
                    .distinct()).as("the sessions user %d's answers came from", user).hasSize(1);
            assertThat(requests).filteredOn(request -> request.tab() > 0)
                    .as("a later tab opens on the session the first one made")
                    .allSatisfy(request -> assertThat(request.sentSession()).isPresent());
            assertThat(overlapping(requests)).as("user %d's tabs' requests in flight at once", user).isTrue();
        });
        assertThat(sessionsMade).isEqualTo(USERS);
        Consistency consistency = ConsistencyChecker.check(history);
        // Every write kept, read by each tab in either order: none lost, unread by its own user or read backwards,
        // none applied twice (a write the client resent on a new connection is a resend applied twice, legal).
        for (AnomalyKind kind : List.of(AnomalyKind.LOST_UPDATE, AnomalyKind.READ_YOUR_WRITES_VIOLATED,
                AnomalyKind.NON_MONOTONIC_READ, AnomalyKind.WRITE_APPLIED_TWICE)) {
            assertThat(consistency.of(kind)).as(kind.toString()).isEmpty();
        }
        assertThat(consistency.judged()).isPositive();

        assertThat(result.sessionVerdicts()).isEqualTo(SessionVerdictCounts.NONE);
        assertThat(result.users()).isEqualTo(new UsersServed(USERS, USERS, 0));
        assertThat(result.timelines()).hasSize(USERS);
        assertThat(result.steady().users()).as("the request loops Little's law counts").isEqualTo(USERS * TABS);
    }

    /** Waits until the stub nodes answered {@code answers} requests, 30 s at most. */
    private static void awaitAnswers(StubCluster cluster, long answers) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (cluster.served("node1") + cluster.served("node2") < answers && System.nanoTime() - deadline < 0) {
            Thread.sleep(20);
        }
    }

    /** Whether two requests of different tabs were in flight at the same time. */
    private static boolean overlapping(List<HistoryRequest> requests) {
        for (HistoryRequest one : requests) {
            for (HistoryRequest other : requests) {
                if (one.tab() < other.tab() && one.invokeMicros() < other.completeMicros()
                        && other.invokeMicros() < one.completeMicros()) {
                    return true;
                }
            }
        }
        return false;
    }
}

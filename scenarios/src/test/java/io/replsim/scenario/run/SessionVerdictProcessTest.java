package io.replsim.scenario.run;

import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.report.RunSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The session verdicts with real node processes and a real SIGKILL, in exact counts: a scope that misses in-place
 * changes makes exactly the killed node's users STALE, and replicas damaged on purpose make exactly them CORRUPT;
 * every other user stays OK.
 */
@ExtendWith(NoNodeProcessLeft.class)
class SessionVerdictProcessTest {

    private static final String IN_PLACE = """
            name: in-place-stale
            cluster: {nodes: 3, workers: 8, cpuBudget: 0.66, heap: 128m}
            replication: {placement: all, granularity: attribute, trigger: set, delivery: sync, syncTimeout: 2s}
            workload:
              app: profile
              profile: {attributes: 4, attributeSize: 256B, shape: bytes, modifiedShare: 0.5, mutateInPlace: true}
            load: {users: 24, thinkTime: 300ms, rampUp: 2s, duration: 16s, requestTimeout: 3s}
            faults:
              - {type: kill, at: 6s, target: primary-of-most}
            checks:
              maxSessionsStale: 0
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void attributeScopeWithTheSetTriggerAndInPlaceChangesMakesExactlyTheKilledNodesUsersStale(@TempDir Path dir)
            throws Exception {
        // The kill waits (at most 5 s) until every user has its session and has changed it in place since: a user
        // whose first answer had not come would be neither STALE nor counted as the killed node's.
        PlayedScenario played = PlayedScenario.playOnceUsersAreServed(dir, "in-place-stale", IN_PLACE, 3,
                Duration.ofSeconds(5));
        RunSummary summary = played.summary();
        String printed = played.console();

        assertThat(summary.faults()).as(printed).hasSize(1);
        FaultReport kill = summary.faults().getFirst();
        assertThat(kill.affectedUsers()).as(printed).isPositive().isLessThan(24);
        // the serial is a long[] changed in place too: the backups kept serial 1, so it goes back (STALE, not CORRUPT)
        assertThat(summary.sessions()).as(printed)
                .isEqualTo(new RunSummary.Verdicts(24 - kill.affectedUsers(), kill.affectedUsers(), 0, 0, 0));
        assertThat(played.passed()).as(printed).isFalse();
        assertThat(printed).contains("FAIL  sessions stale ≤ 0 (measured " + kill.affectedUsers() + ")");
    }

    private static final String COUNTER = """
            name: damaged-replicas
            cluster: {nodes: 3, workers: 8, cpuBudget: 0.66, heap: 128m}
            replication: {placement: all, granularity: attribute, delivery: sync, syncTimeout: 2s}
            workload: {app: counter, payload: 2KB}
            load: {users: 18, thinkTime: 200ms, rampUp: 1s, duration: 14s, requestTimeout: 3s}
            """;

    /** From the load's start: at least 5 s of the 14 s load left for the survivors to serve node1's users. */
    private static final Duration LAST_KILL = Duration.ofSeconds(9);

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void replicasWhoseBytesWereDamagedOnPurposeMakeExactlyTheKilledNodesUsersCorrupt(@TempDir Path dir)
            throws Exception {
        try (StartedCluster cluster = StartedCluster.start(dir, "damaged-replicas", COUNTER);
             var driver = cluster.driver()) {
            int users = cluster.spec().load().users();
            driver.start();
            // Every user's session made before the damage and the kill, with most of the load still to come after
            // them: a deadline past the load's end let the kill come after the last request on a busy machine.
            await("every user served, 3 requests per user").atMost(LAST_KILL)
                    .until(() -> IntStream.range(0, users).allMatch(user -> driver.nodeServing(user).isPresent())
                            && driver.progress().requestsTotal() > 3L * users);
            List<Integer> onNode1 = IntStream.range(0, users)
                    .filter(user -> driver.nodeServing(user).equals(Optional.of("node1"))).boxed().toList();
            // Under attribute granularity the payload is never sent again: the damage stays until it is served.
            int damaged = cluster.runtime().admin("node2").damageReplicas("payload", "flip")
                    + cluster.runtime().admin("node3").damageReplicas("payload", "flip");
            cluster.runtime().kill("node1");
            long killedAtMs = System.currentTimeMillis();
            LoadResult result = driver.awaitResult();

            String figures = result + "\n" + cluster.console();
            assertThat(result.startedAt().plus(cluster.spec().load().duration()).toEpochMilli() - killedAtMs)
                    .as("the users went on after node1 died: " + figures).isGreaterThan(3_000);
            assertThat(onNode1).as(figures).isNotEmpty().hasSizeLessThan(users);
            // node2 holds node1's and node3's sessions, node3 node1's and node2's
            assertThat(damaged).as("every survivor held a copy of every other member's sessions")
                    .isEqualTo(users + onNode1.size());
            assertThat(result.sessionVerdicts()).as(figures)
                    .isEqualTo(new SessionVerdictCounts(users - onNode1.size(), 0, 0, onNode1.size(), 0));
        }
    }
}

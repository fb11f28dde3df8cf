package io.replsim.scenario.run;

import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.record.Stint;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.replication.BuddyPools;
import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;
import io.replsim.replication.Placement;
import io.replsim.replication.SessionId;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The losses a SIGKILL makes, with real node processes, counted exactly by the driver's session verdicts: under
 * async delivery the updates the dead owner still held unsent make exactly its users STALE; under BUDDIES(1) the
 * death of an owner and its only buddy makes exactly the sessions only they held LOST. Every other session is OK.
 */
@ExtendWith(NoNodeProcessLeft.class)
class LossVerdictProcessTest {

    private static final String ASYNC = """
            name: async-unsent
            cluster: {nodes: 3, workers: 8, cpuBudget: 0.66, heap: 128m}
            replication: {placement: all, granularity: session, delivery: async, syncTimeout: 5s}
            workload: {app: counter, payload: 1KB}
            load: {users: 12, thinkTime: 150ms, rampUp: 1s, duration: 20s, requestTimeout: 3s}
            """;

    /** Users who arrive once node1 holds back what it sends: the sessions node1 makes them never reach a backup. */
    private static final String LATE_LOAD = """
            name: async-unsent-late-users
            cluster: {nodes: 3}
            replication: {placement: all, delivery: async}
            workload: {app: counter, payload: 1KB}
            load: {users: 6, thinkTime: 150ms, rampUp: 500ms, duration: 9s, requestTimeout: 3s}
            """;

    /**
     * Longer than the test needs node1 alive after the delay (the kill comes first), so whatever node1 sends from
     * then on, an async update or an acknowledgement, never leaves it.
     */
    private static final Duration HOLD = Duration.ofSeconds(20);

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void updatesTheOwnerStillHeldUnsentWhenKilledMakeExactlyItsUsersStaleOrLost(@TempDir Path dir) throws Exception {
        ScenarioSpec late = ScenarioLoader.load(Files.writeString(dir.resolve("late.yaml"), LATE_LOAD));
        int lateUsers = late.load().users();
        try (StartedCluster cluster = StartedCluster.start(dir, "async-unsent", ASYNC)) {
            ClusterRuntime runtime = cluster.runtime();
            int users = cluster.spec().load().users();
            try (var driver = cluster.driver()) {
                driver.start();
                // Every session has reached every member (placement all): each one a kill can make STALE, none LOST.
                // Deadlines well inside the load's 20 s (9 + 7 s) and the late load's 9 s (7 s): on a busy machine a
                // wait past the load's end let the kill come after the last request, and the counts said nothing; 5 s
                // for the sessions to reach both backups ran out at load 34-41 in two fresh clones' suites.
                await("every user served, every session on node2 and node3").atMost(Duration.ofSeconds(9))
                        .ignoreExceptionsInstanceOf(IOException.class)
                        .pollInterval(Duration.ofMillis(250)).until(() -> IntStream.range(0, users)
                        .allMatch(user -> driver.nodeServing(user).isPresent())
                        && holdsEverySession(runtime, "node2", users) && holdsEverySession(runtime, "node3", users));

                // From here on nothing node1 sends reaches anyone before it dies: its async senders' bundles wait in
                // its JGroups DELAY, and every update it queues after this is unsent when the SIGKILL comes.
                // A POST that timed out on this side may still have switched it on: that only holds back more.
                await().atMost(Duration.ofSeconds(20)).ignoreExceptionsInstanceOf(IOException.class)
                        .until(() -> {
                            runtime.admin("node1").delayOutgoing(HOLD);
                            return true;
                        });
                long delayOnAtMs = System.currentTimeMillis();
                long servedBefore = cluster.statsOf("node1").requests().total();
                List<Integer> onNode1 = usersOn(driver, users, "node1");
                LoadResult result;
                LoadResult lateResult;
                List<Integer> lateOnNode1;
                NodeStatsReport.Async last;
                long killedAtMs;
                try (var lateDriver = cluster.driver(late.load())) {
                    lateDriver.start();
                    // Several updates of each of node1's users after the delay (closed loop, 150 ms think time), and
                    // a session for every late user (round-robin: a third of them on node1). Should the heartbeat
                    // timeout (2 s) suspect node1 first on a slow machine, that changes nothing: what it sent after
                    // the delay still never arrives, and its users still only reach it until it dies.
                    await("every late user served, 4 requests per node1 user after the delay")
                            .atMost(Duration.ofSeconds(7)).ignoreExceptionsInstanceOf(IOException.class)
                            .pollInterval(Duration.ofMillis(250)).until(() -> IntStream.range(0, lateUsers)
                                    .allMatch(user -> lateDriver.nodeServing(user).isPresent())
                                    && runtime.admin("node1").stats().requests().total()
                                    >= servedBefore + 4L * (onNode1.size() + lateUsers / 3));
                    lateOnNode1 = usersOn(lateDriver, lateUsers, "node1");
                    last = cluster.statsOf("node1").replication().async();
                    runtime.kill("node1");
                    killedAtMs = System.currentTimeMillis();
                    result = driver.awaitResult();
                    lateResult = lateDriver.awaitResult();
                }

                String figures = result + "\nlate users: " + lateResult + "\nnode1's last async figures: " + last
                        + "\n" + cluster.console();
                assertThat(result.startedAt().plus(cluster.spec().load().duration()).toEpochMilli() - killedAtMs)
                        .as("the users went on after node1 died: " + figures).isGreaterThan(1_000);
                assertThat(onNode1).as(figures).isNotEmpty().hasSizeLessThan(users);
                assertThat(lateOnNode1).as(figures).hasSize(lateUsers / 3);
                assertThat(lateResult.startedAt().plus(late.load().duration()).toEpochMilli() - killedAtMs)
                        .as("the late users went on after node1 died: " + figures).isGreaterThan(1_000);
                // The precondition of the count, checked rather than hoped: the last answer each of node1's users had
                // from it came well after the delay, so the update it showed was queued behind the delay.
                for (int user : onNode1) {
                    assertThat(lastAnswerFrom(timelineOf(result, user), "node1")).as("user %d: %s", user, figures)
                            .isGreaterThan(delayOnAtMs + 300);
                }
                // node1's own account: two backups per update, none acknowledged since the delay
                long unacknowledged = last.enqueued() - last.sent() - last.dropped() - last.discarded();
                assertThat(unacknowledged).as(figures)
                        .isGreaterThanOrEqualTo(2L * 4 * (onNode1.size() + lateOnNode1.size()));
                // the survivors' copies are older than what each of node1's users last saw: the serial goes back
                assertThat(result.sessionVerdicts()).as(figures)
                        .isEqualTo(new SessionVerdictCounts(users - onNode1.size(), onNode1.size(), 0, 0, 0));
                // the sessions node1 made after the delay exist nowhere else: LOST, and each user's new one OK
                assertThat(lateResult.distinctSessions()).as(figures).isEqualTo(lateUsers + lateOnNode1.size());
                assertThat(lateResult.sessionVerdicts()).as(figures)
                        .isEqualTo(new SessionVerdictCounts(lateUsers, 0, lateOnNode1.size(), 0, 0));
            }
        }
    }

    private static final String BUDDIES = """
            name: owner-and-buddy
            cluster: {nodes: 3, workers: 8, cpuBudget: 0.66, heap: 128m}
            replication: {placement: buddies, buddies: 1, granularity: session, delivery: sync, syncTimeout: 2s}
            workload: {app: counter, payload: 1KB}
            load: {users: 18, thinkTime: 300ms, rampUp: 1s, duration: 14s, requestTimeout: 4s}
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void killingAnOwnerAndItsOnlyBuddyMakesExactlyTheSessionsOnlyTheyHeldLost(@TempDir Path dir) throws Exception {
        try (StartedCluster cluster = StartedCluster.start(dir, "owner-and-buddy", BUDDIES)) {
            ClusterRuntime runtime = cluster.runtime();
            ScenarioSpec spec = cluster.spec();
            int users = spec.load().users();
            try (var driver = cluster.driver()) {
                driver.start();
                // every session made and replicated before the kill, with at least 6 s of the 14 s load after it
                await("every user served, 3 requests per user").atMost(Duration.ofSeconds(8))
                        .until(() -> IntStream.range(0, users).allMatch(user -> driver.nodeServing(user).isPresent())
                                && driver.progress().requestsTotal() > 3L * users);

                NodeStatsReport.View seen = cluster.statsOf("node3").view();
                ClusterView view = new ClusterView(seen.id(), seen.members().stream().map(NodeId::new).toList());
                NodeId owner = new NodeId("node1");
                // the placement the nodes were started with, as each of them computes it from the view
                Placement buddies = spec.replication().placement();
                assertThat(buddies).isEqualTo(new Placement.Buddies(1, BuddyPools.none()));
                NodeId buddy = buddies.backupsFor(new SessionId("any"), owner, view).getFirst();
                Set<NodeId> dying = Set.of(owner, buddy);
                // Frozen first, so that both die at the same moment for everyone else: a frozen node accepts
                // connections but answers nothing, so no user fails over from the owner to its buddy in between
                // (which would rescue a session by moving it), and no survivor pushes copies to a new buddy.
                runtime.pause(owner.name());
                runtime.pause(buddy.name());
                // the balancer is sticky, so the node that served each user last owns its session
                List<Integer> heldOnlyByTheDying = new ArrayList<>();
                Set<String> owners = new HashSet<>();
                for (int user = 0; user < users; user++) {
                    NodeId serving = new NodeId(driver.nodeServing(user).orElseThrow());
                    owners.add(serving.name());
                    Set<NodeId> holders = new HashSet<>(buddies.backupsFor(new SessionId("user" + user), serving, view));
                    holders.add(serving);
                    if (dying.containsAll(holders)) {
                        heldOnlyByTheDying.add(user);
                    }
                }
                runtime.kill(owner.name());
                runtime.kill(buddy.name());
                long killedAtMs = System.currentTimeMillis();
                LoadResult result = driver.awaitResult();

                String figures = "view " + view + ", buddy " + buddy + ", held only by the dying: "
                        + heldOnlyByTheDying + "\n" + result + "\n" + cluster.console();
                assertThat(result.startedAt().plus(spec.load().duration()).toEpochMilli() - killedAtMs)
                        .as("the users went on after the kills: " + figures).isGreaterThan(3_000);
                assertThat(owners).as("every node owned sessions: " + figures).hasSize(3);
                assertThat(heldOnlyByTheDying).as(figures).isNotEmpty()
                        .isEqualTo(usersWhoseSessionStartedOn(result, owner.name()));
                // each user whose session was lost got a new one on the survivor, which stays OK
                int lost = heldOnlyByTheDying.size();
                assertThat(result.distinctSessions()).as(figures).isEqualTo(users + lost);
                assertThat(result.sessionVerdicts()).as(figures)
                        .isEqualTo(new SessionVerdictCounts(users - lost + lost, 0, lost, 0, 0));
            }
        }
    }

    private static boolean holdsEverySession(ClusterRuntime runtime, String node, int users) throws Exception {
        NodeStatsReport.Sessions sessions = runtime.admin(node).stats().sessions();
        return sessions.owned() + sessions.backup() == users;
    }

    private static List<Integer> usersOn(LoadDriver driver, int users, String node) {
        return IntStream.range(0, users).filter(user -> driver.nodeServing(user).equals(Optional.of(node)))
                .boxed().toList();
    }

    private static UserTimeline timelineOf(LoadResult result, int user) {
        return result.timelines().stream().filter(timeline -> timeline.user() == user).findFirst().orElseThrow();
    }

    /** When the user's last answer from {@code node} arrived (epoch ms), or -1 if it never had one. */
    private static long lastAnswerFrom(UserTimeline timeline, String node) {
        return timeline.stints().stream().filter(stint -> stint.node().equals(node)).mapToLong(Stint::lastAtMs)
                .max().orElse(-1);
    }

    /**
     * The users whose session was made on {@code node}: under BUDDIES(1) the owner's buddy holds only the owner's
     * sessions (its own have their copy on the third node), so the placement must name exactly these.
     */
    private static List<Integer> usersWhoseSessionStartedOn(LoadResult result, String node) {
        return result.timelines().stream().filter(timeline -> timeline.stints().getFirst().node().equals(node))
                .map(UserTimeline::user).sorted().toList();
    }
}

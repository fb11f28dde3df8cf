package io.replsim.loadgen;

import io.replsim.loadgen.think.ThinkTime;
import io.replsim.loadgen.StubCluster.Behaviour;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.UsersServed;
import io.replsim.loadgen.exchange.BlockingClient;
import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.record.LoadProgress;
import io.replsim.loadgen.record.Second;
import io.replsim.loadgen.record.Stint;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.loadgen.route.Balancer;
import io.replsim.loadgen.route.FailoverChoice;
import io.replsim.loadgen.route.StickyRouter;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/** The closed-model driver with either user runtime. */
@Timeout(30)
@ParameterizedClass
@EnumSource(UserCarrierKind.class)
class LoadDriverTest {

    @Parameter
    UserCarrierKind runtime;

    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private LoadProfile profile(int users, long thinkMs, long rampMs, long durationMs) {
        return LoadProfile.builder("/counter").users(users).thinkTime(new ThinkTime.Fixed(Duration.ofMillis(thinkMs)))
                .rampUp(Duration.ofMillis(rampMs)).duration(Duration.ofMillis(durationMs)).requestTimeout(TIMEOUT)
                .runtime(runtime).build();
    }

    @Test
    void aSteadyRunKeepsEverySessionOkObeysLittlesLawAndWritesAReadableIntervalLog(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("latency.hlog");
        int users = 20;
        LoadResult result;
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL, Behaviour.FAITHFUL);
             LoadDriver driver = new LoadDriver(profile(users, 200, 0, 2_000), cluster.endpoints(), log)) {
            driver.start();
            List<LoadProgress> reports = new ArrayList<>();
            reports.add(driver.progress());
            // every user has answered once and the last interval saw answers; asking for a whole round within one
            // 100 ms poll raced the users' first requests on a cold JVM (CI: never fulfilled in 2 s)
            await().atMost(Duration.ofSeconds(5)).until(() -> {
                reports.add(driver.progress());
                return reports.getLast().requestsTotal() >= users && reports.getLast().requests() > 0;
            });
            LoadProgress previous = reports.get(reports.size() - 2);
            LoadProgress last = reports.getLast();
            assertThat(last.activeUsers()).isEqualTo(users);
            assertThat(last.requests()).isEqualTo(last.requestsTotal() - previous.requestsTotal());
            assertThat(last.requestsPerSecond()).isCloseTo(last.requests() / (last.interval().toNanos() / 1e9), within(0.001));
            assertThat(last.p90Millis()).isStrictlyBetween(0.0, 1_000.0);
            assertThat(last.errors()).isZero();
            result = driver.awaitResult();
        }

        assertThat(result.errors()).isEqualTo(ErrorCounts.NONE);
        assertThat(result.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(users, 0, 0));
        assertThat(result.distinctSessions()).isEqualTo(users);
        assertThat(result.responseVerdicts().ok()).isEqualTo(result.requests());
        assertThat(result.latencyMicros().getTotalCount()).isEqualTo(result.requests());

        // Little's law for a closed loop, N = X·(R + Z), over the steady window (the whole run after a zero ramp-up)
        assertThat(result.validity().littlesLaw().users()).isEqualTo(users);
        assertOnlyLatePausesAreMissing(result);
        // pauses are never shorter than asked; how much longer is the validity's drift figure, which a busy
        // machine can push past its limit, so it is not asserted here
        assertThat(result.meanThinkTime()).isGreaterThanOrEqualTo(Duration.ofMillis(200));
        assertThat(result.elapsed()).isBetween(Duration.ofMillis(2_000), Duration.ofMillis(2_000).plus(TIMEOUT));

        assertThat(result.perSecond().stream().mapToLong(Second::requests).sum()).isEqualTo(result.requests());
        assertThat(result.perSecond().stream().mapToLong(Second::errors).sum()).isZero();

        assertThat(result.timelines()).hasSize(users);
        assertThat(result.timelines()).allSatisfy(timeline -> {
            assertThat(timeline.stints()).hasSize(1);
            assertThat(timeline.stints().getFirst().hadOk()).isTrue();
            assertThat(timeline.failures()).isEmpty();
        });
        Map<String, Long> usersPerNode = result.timelines().stream()
                .collect(Collectors.groupingBy(t -> t.stints().getFirst().node(), Collectors.counting()));
        assertThat(usersPerNode.values()).as("new sessions spread round-robin").allSatisfy(n -> assertThat(n).isBetween(6L, 7L));

        assertThat(Files.size(log)).isPositive();
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        long logged = 0;
        int intervals = 0;
        for (EncodableHistogram interval; (interval = reader.nextIntervalHistogram()) != null; ) {
            logged += ((org.HdrHistogram.Histogram) interval).getTotalCount();
            intervals++;
        }
        assertThat(intervals).isBetween(2, 4);
        assertThat(logged).as("the log's intervals add up to the whole run").isEqualTo(result.latencyMicros().getTotalCount());
    }

    /**
     * Little's law finds every user but the time the driver lost waking them late: within 5% on an idle machine,
     * while on a shared 2-core machine at load 30 users woke 13 ms late from 200 ms pauses (6.4% off), which both
     * the law and the drift rule rightly count. So the users missing must be the late pauses' and the late starts'
     * and nothing else: the time per request outside R and Z is the pauses' mean lateness plus the time users were
     * not there yet after the window opened, spread over the window's requests, give or take 2 ms and a fifth of
     * the lateness. The late starts are measured, not folded into the 2 ms: with a zero ramp-up every user is due
     * at once, and at load 45 the 20 users of a cold JVM started tens of ms late, 3.3 ms a request in all.
     */
    static void assertOnlyLatePausesAreMissing(LoadResult result) {
        var law = result.validity().littlesLaw();
        double lateMs = result.validity().thinkDrift().lateness().toNanos() / 1e6;
        long windowOpensAtMs = result.startedAt().toEpochMilli() + result.steady().from().toMillis();
        double absentMs = result.timelines().stream().filter(timeline -> !timeline.stints().isEmpty())
                .mapToLong(timeline -> Math.max(0, timeline.stints().getFirst().firstSentAtMs() - windowOpensAtMs))
                .sum();
        double windowRequests = law.throughput() * (result.steady().to().minus(result.steady().from()).toNanos() / 1e9);
        double lateStartMs = windowRequests > 0 ? absentMs / windowRequests : 0;
        double missingMs = law.unaccountedPerRequest().toNanos() / 1e6;
        assertThat(missingMs).as("ms per request outside R and Z, with pauses %.1f ms late and late starts %.1f ms a"
                        + " request (%s)", lateMs, lateStartMs, law)
                .isCloseTo(lateMs + lateStartMs, within(2 + lateMs / 5));
        if (result.validity().thinkDrift().drift() <= 0.02) {
            assertThat(law.deviation()).isLessThan(0.05);
        }
    }

    /**
     * The hold shows only in Little's law. That it is not in the pauses' lateness is judged against a control taken
     * at the same time in the same JVM, not against a fixed figure: plain timed waits as long as the users' pauses
     * ({@link PlainTimedWaits}). How late any thread wakes is the machine's load, not the driver's: a test JVM held
     * to a low CPU share woke these users 114 ms late on average against a fixed limit of 20 ms; one stopped 90 ms
     * of every 120 woke them 27-51 ms late with the plain waits beside them 27-47 ms late, and one stopped 150 ms of
     * every 180, 70-99 ms with the plain waits 72-96 ms. What is the driver's is what the control cannot have: the
     * hold counted into the pause (40 ms and its own late wake), users woken behind each other's steps, pauses
     * slept too long.
     */
    @Test
    void aDriverHoldingItsUsersUpBetweenAnAnswerAndTheirPauseIsInvalidByLittlesLaw() throws Exception {
        int users = 20;
        Duration held = Duration.ofMillis(40);
        LoadProfile load = profile(users, 100, 300, 2_800);
        LoadResult result;
        Duration plainLateness;
        long plainWaits;
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL);
             LoadDriver driver = new LoadDriver(load, cluster.endpoints(), null,
                     StickyRouter.DEFAULT_RETRY_INTERVAL, held);
             PlainTimedWaits plain = startedOnceAnswered(cluster, load)) {
            driver.start();
            result = driver.awaitResult();
            plainLateness = plain.meanLateness();
            plainWaits = plain.waits();
        }
        // Each cycle is R + 40 ms held + 100 ms: X·(R+Z) finds about 100/140 of the users, and at least half the hold
        // is missing from it per request. Not asserted as a share of the users (it was > 15%): that share is the
        // hold's part of a cycle, which slow answers dilute (a low CPU share and a cold stub: R 1.0-1.6 s, 11-15%).
        var law = result.validity().littlesLaw();
        assertThat(law.users()).isEqualTo(users);
        assertThat(law.meanThink()).as("Z as asked").isEqualTo(Duration.ofMillis(100));
        assertThat(law.unaccountedPerRequest()).as("time per request outside R and Z (%s)", law)
                .isGreaterThan(held.dividedBy(2));
        assertThat(result.validity().valid()).isFalse();
        assertThat(result.validity().reasons()).anySatisfy(reason -> assertThat(reason)
                .startsWith("Little's law fails").contains("but 20 were driven"));
        // No other rule sees the hold. It is not a late pause: the users woke no later than the plain waits beside
        // them, give or take twice theirs (a virtual thread's wake takes two threads, the timer's and a carrier's;
        // throttled, the users were up to 1.4 times as late) and 10 ms: threads that work, as the users' carriers
        // do, wake later than threads that only sleep when busy processes share the CPUs (with four CPU burners the
        // event loop woke its users 6.5 ms late, the plain waits 1.0 ms), and the event loop wakes at whole ms.
        assertThat(result.validity().thinkDrift().cycles()).as("pauses ended in the window").isPositive();
        Duration lateness = result.validity().thinkDrift().lateness();
        assertThat(lateness).as("the users' pauses' mean lateness, with %d plain timed waits %.1f ms late beside"
                        + " them", plainWaits, plainLateness.toNanos() / 1e6)
                .isLessThanOrEqualTo(plainLateness.multipliedBy(2).plus(Duration.ofMillis(10)));
        assertThat(law.unaccountedPerRequest().minus(lateness)).as("time per request outside R, Z and the pauses'"
                + " lateness (%s)", law).isGreaterThan(held.dividedBy(2));
        // Nor is it the response time: one with the hold in it would take 40 ms at the least, and the quickest
        // takes a few. Not the mean, which a JVM at a low CPU share put at 40-140 ms (virtual threads), the hold
        // nowhere in it.
        assertThat(result.steady().latencyMicros().getTotalCount()).as("answers in the window").isPositive();
        assertThat(result.steady().latencyMicros().getMinValue()).as("the quickest response time, µs")
                .isLessThan(held.toNanos() / 1_000);
        assertThat(result.errors()).isEqualTo(ErrorCounts.NONE);
    }

    /**
     * The plain timed waits, started once each stub node has answered: a JVM's first answer from the stub loads the
     * security providers (its state digest) and the date formats, which a cold JVM stopped 150 ms of every 180 took
     * longer than the run's 2.5 s window to do (every stub handler waiting on the provider's lock), so that no
     * request ended in the window and Little's law had nothing to judge.
     */
    private static PlainTimedWaits startedOnceAnswered(StubCluster cluster, LoadProfile load)
            throws InterruptedException {
        try (BlockingClient client = new BlockingClient(cluster.endpoints(), load.path(), Duration.ofSeconds(20))) {
            for (NodeEndpoint node : cluster.endpoints()) {
                assertThat(client.get(node, Optional.empty())).as("a first answer from %s", node.name())
                        .isInstanceOf(Exchange.Answered.class);
            }
        }
        return PlainTimedWaits.start(4, load.thinkTime().mean(), load.steadyStart(), load.duration());
    }

    @Test
    @Timeout(60)
    void usersOfAStoppedNodeFailOverToAnotherNodeKeepingTheirSessions() throws Exception {
        LoadResult result;
        long stoppedAtMs;
        List<java.util.Optional<String>> serving;
        // Ended once every user's latest answer came from a survivor, not at a fixed time: a 3 s run raced the
        // users' start, and a cold JVM at load 20-45 let node1 serve its 60th request only after 2 s, once not in
        // 30 s: answers slower than the 2 s request timeout had sent node1's users elsewhere before the stop. The
        // timeout is 10 s here, so only the stop moves them.
        LoadProfile load = LoadProfile.builder("/counter").users(18)
                .thinkTime(new ThinkTime.Fixed(Duration.ofMillis(20))).rampUp(Duration.ofMillis(100))
                .duration(Duration.ofSeconds(50)).requestTimeout(Duration.ofSeconds(10)).runtime(runtime).build();
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL, Behaviour.FAITHFUL);
             LoadDriver driver = new LoadDriver(load, cluster.endpoints(), null)) {
            driver.start();
            await().atMost(Duration.ofSeconds(30)).until(() -> cluster.served("node1") >= 60);
            stoppedAtMs = System.currentTimeMillis();
            cluster.stop("node1");
            await().atMost(Duration.ofSeconds(10)).until(() -> java.util.stream.IntStream.range(0, 18)
                    .allMatch(user -> driver.nodeServing(user).filter(node -> !node.equals("node1")).isPresent()));
            driver.close();
            result = driver.awaitResult();
            serving = java.util.stream.IntStream.range(0, 18).mapToObj(driver::nodeServing).toList();
        }
        // what a runner picking "the primary of user n" sees: the node of the user's latest response
        assertThat(result.timelines()).allSatisfy(t ->
                assertThat(serving.get(t.user())).contains(t.stints().getLast().node()));

        List<UserTimeline> onNode1 = result.timelines().stream()
                .filter(t -> t.stints().getFirst().node().equals("node1"))
                .toList();
        assertThat(onNode1).hasSize(6);
        assertThat(onNode1).allSatisfy(timeline -> {
            Stint after = timeline.stints().getLast();
            assertThat(after.node()).isIn("node2", "node3");
            assertThat(after.hadOk()).isTrue();
            assertThat(after.firstOkAtMs()).isGreaterThanOrEqualTo(stoppedAtMs);
        });
        // Refused (a new connection) or reset (a kept-alive one the stop closed): which one depends on timing.
        assertThat(result.errors().connect() + result.errors().io()).isPositive();
        assertThat(onNode1.stream().flatMap(t -> t.failures().stream()))
                .anySatisfy(failure -> {
                    assertThat(failure.node()).isEqualTo("node1");
                    assertThat(failure.firstAtMs()).isGreaterThanOrEqualTo(stoppedAtMs);
                });
        assertThat(result.timelines()).as("users on the survivors stay where they are")
                .filteredOn(t -> !t.stints().getFirst().node().equals("node1"))
                .allSatisfy(t -> assertThat(t.stints()).hasSize(1));
        // The stub replicates perfectly, so a failover keeps every session intact.
        assertThat(result.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(18, 0, 0));
    }

    @Test
    void withSpreadAStoppedNodesUsersEndUpOnMoreThanOneSurvivor() throws Exception {
        Map<String, Long> movedTo = survivorsOfNode1(Balancer.DEFAULT);
        assertThat(movedTo.values().stream().mapToLong(Long::longValue).sum()).as("node1's users").isEqualTo(6);
        assertThat(movedTo).as("node1's users by the survivor they ended on").containsOnlyKeys("node2", "node3");
    }

    @Test
    void withNextAStoppedNodesUsersAllEndUpOnTheNextNode() throws Exception {
        assertThat(survivorsOfNode1(new Balancer(true, FailoverChoice.NEXT))).isEqualTo(Map.of("node2", 6L));
    }

    /** Six of 18 users start on node1, which stops; where each ended, counted by node. */
    private Map<String, Long> survivorsOfNode1(Balancer balancer) throws Exception {
        LoadResult result;
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL, Behaviour.FAITHFUL);
             LoadDriver driver = new LoadDriver(profile(18, 20, 100, 30_000).toBuilder().balancer(balancer).build(),
                     cluster.endpoints(), null)) {
            driver.start();
            // node1 has served its six users a few times; patient, for a loaded machine
            await().atMost(Duration.ofSeconds(10)).until(() -> cluster.served("node1") >= 18);
            cluster.stop("node1");
            // Ended once every user's latest answer came from a survivor, not after a fixed 6 s: the failover is
            // over then, and the rest of a fixed run only repeated answers from where the users already were.
            await().atMost(Duration.ofSeconds(10)).until(() -> IntStream.range(0, 18)
                    .allMatch(user -> driver.nodeServing(user).filter(node -> !node.equals("node1")).isPresent()));
            driver.close();
            result = driver.awaitResult();
        }
        assertThat(result.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(18, 0, 0));
        List<UserTimeline> onNode1 = result.timelines().stream()
                .filter(t -> t.stints().getFirst().node().equals("node1")).toList();
        assertThat(onNode1).hasSize(6);
        assertThat(onNode1).allSatisfy(t -> assertThat(t.stints().getLast().hadOk()).isTrue());
        return onNode1.stream().collect(Collectors.groupingBy(t -> t.stints().getLast().node(),
                Collectors.counting()));
    }

    @Test
    void aBalancerThatIsNotStickySpreadsOneUsersRequestsOverEveryNode() throws Exception {
        LoadResult result;
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL, Behaviour.FAITHFUL);
             LoadDriver driver = new LoadDriver(profile(1, 10, 0, 1_000).toBuilder()
                     .balancer(new Balancer(false, FailoverChoice.SPREAD)).build(), cluster.endpoints(), null)) {
            driver.start();
            result = driver.awaitResult();
        }
        UserTimeline user = result.timelines().getFirst();
        assertThat(user.stints()).extracting(Stint::node).contains("node1", "node2", "node3");
        assertThat(user.stints()).as("no two requests in a row on one node").hasSizeGreaterThan(10);
        // the stub's nodes share one session map, so the session survives every hop
        assertThat(result.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 0));
    }

    @Test
    void aNodeServingAnOlderSerialIsReportedStale() throws Exception {
        LoadResult result = runAgainst(Behaviour.STALE_BY_ONE);
        assertThat(result.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(0, 5, 0));
        assertThat(result.responseVerdicts().stale()).isGreaterThanOrEqualTo(5);
        assertThat(result.responseVerdicts().lost()).isZero();
    }

    @Test
    void aStaleAnswerIsMarkedWithWhenItsRequestWasSentAndWhenItArrived() throws Exception {
        LoadResult result = runAgainst(Behaviour.STALE_BY_ONE_SLOWLY);
        long startMs = result.startedAt().toEpochMilli();
        // the stub answers 40 ms after it read the session: whoever judges when the node read it needs both times
        assertThat(result.timelines()).flatExtracting(UserTimeline::marks).isNotEmpty().allSatisfy(mark -> {
            assertThat(mark.verdict()).isEqualTo(io.replsim.loadgen.check.Verdict.STALE);
            assertThat(mark.sentAtMs()).isGreaterThanOrEqualTo(startMs).isLessThanOrEqualTo(mark.atMs() - 40);
        });
    }

    @Test
    void aNodeThatForgetsSessionsIsReportedLost() throws Exception {
        LoadResult result = runAgainst(Behaviour.FORGETFUL);
        ResponseVerdictCounts responses = result.responseVerdicts();
        // each user's first response is a fine new session; every later one replaces the session it had
        assertThat(responses.ok()).isEqualTo(5);
        assertThat(responses.lost()).isEqualTo(result.requests() - 5).isPositive();
        assertThat(result.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(5, 0, responses.lost()));
        assertThat(result.distinctSessions()).isEqualTo(result.sessionVerdicts().total());
        // every LOST response is time-stamped with the node and the session it cost, for attributing it later
        long startMs = result.startedAt().toEpochMilli();
        assertThat(result.timelines().stream().mapToLong(t -> t.marks().size()).sum()).isEqualTo(responses.lost());
        assertThat(result.timelines()).allSatisfy(t -> assertThat(t.marks()).allSatisfy(mark -> {
            assertThat(mark.lostSession()).isTrue();
            assertThat(mark.node()).isEqualTo("node1");
            assertThat(mark.session()).isNotBlank();
            assertThat(mark.atMs()).isGreaterThanOrEqualTo(startMs);
        }));
    }

    @Test
    void aFailedReplicationIsAnHttpStatusErrorAndNoOkResponse() throws Exception {
        LoadResult result = runAgainst(Behaviour.REPLICATION_FAILS);
        assertThat(result.errors().httpStatus()).isEqualTo(result.requests()).isPositive();
        assertThat(result.errors().total()).isEqualTo(result.errors().httpStatus());
        assertThat(result.responseVerdicts().total()).isZero();
        assertThat(result.timelines()).allSatisfy(t -> assertThat(t.stints()).singleElement()
                .satisfies(stint -> assertThat(stint.hadOk()).isFalse()));
    }

    /** As the open model reads it (OpenLoadTest): each 503 in the window's errors, each user never served. */
    @Test
    void aClusterAnsweringOnly503sGivesAnErrorRatioOfOneAndEveryUserNeverServed() throws Exception {
        ServerErrorsOnly.assertReadBy(runAgainst(Behaviour.REPLICATION_FAILS), 5);
    }

    @Test
    void withEveryNodeDownRequestsFailAsConnectErrorsWithoutSpinning() throws Exception {
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL)) {
            cluster.stop("node1");
            LoadResult result;
            // Watched from when every user has been refused, not for a fixed 500 ms from the start: a cold JVM at
            // load 45 started its users after those 500 ms (no request at all). A user that spun would make
            // thousands of attempts in the half second watched; one that waits for the retry (5 s) makes none.
            try (LoadDriver driver = new LoadDriver(profile(4, 0, 0, 20_000), cluster.endpoints(), null)) {
                driver.start();
                await().atMost(Duration.ofSeconds(10)).until(() -> driver.progress().requestsTotal() >= 4);
                await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2))
                        .until(() -> driver.progress().requestsTotal() <= 8);
                driver.close();
                result = driver.awaitResult();
            }
            // each user is refused once, then finds no live node and waits for the retry (5 s, past the watch)
            assertThat(result.requests()).isBetween(4L, 8L);
            assertThat(result.errors().total()).isEqualTo(result.errors().connect()).isEqualTo(result.requests());
            assertThat(result.sessionVerdicts().total()).isZero();
            assertThat(result.sessionVerdicts().neverServed()).as("each user refused: never served").isEqualTo(4);
            assertThat(result.users()).isEqualTo(new UsersServed(4, 0, 4));
            assertThat(result.timelines()).allSatisfy(t -> {
                assertThat(t.stints()).isEmpty();
                assertThat(t.failures()).isNotEmpty().allSatisfy(f -> assertThat(f.kind()).isEqualTo(ErrorKind.CONNECT));
            });
        }
    }

    private LoadResult runAgainst(Behaviour behaviour) throws Exception {
        try (StubCluster cluster = new StubCluster(behaviour);
             LoadDriver driver = new LoadDriver(profile(5, 10, 0, 800), cluster.endpoints(), null)) {
            driver.start();
            return driver.awaitResult();
        }
    }

    @Test
    void closeStopsEveryUserPromptlyAndLeavesNoClientThreads() throws Exception {
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL)) {
            LoadDriver driver = new LoadDriver(profile(10, 50, 0, 60_000), cluster.endpoints(), null);
            driver.start();
            await().atMost(Duration.ofSeconds(2)).until(() -> driver.progress().activeUsers() == 10);

            long before = System.nanoTime();
            driver.close();
            Duration closing = Duration.ofNanos(System.nanoTime() - before);

            assertThat(closing).isLessThan(Duration.ofSeconds(3));
            assertThat(driver.progress().activeUsers()).isZero();
            LoadResult result = driver.awaitResult();
            assertThat(result.elapsed()).isLessThan(Duration.ofSeconds(10));
            assertThat(result.requests()).isPositive();
            assertThat(Thread.getAllStackTraces().keySet())
                    .noneSatisfy(thread -> assertThat(thread.getName()).startsWith("HttpClient-"));
        }
    }
}

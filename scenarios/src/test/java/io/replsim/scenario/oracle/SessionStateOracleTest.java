package io.replsim.scenario.oracle;

import io.replsim.loadgen.think.ThinkTime;
import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.UserScript;
import io.replsim.loadgen.script.WeightedRequest;
import io.replsim.node.app.AttributeShape;
import io.replsim.node.app.SessionProfile;
import io.replsim.replication.GranularityKind;
import io.replsim.replication.ReplicationSpec;
import io.replsim.scenario.report.CheckEvaluator;
import io.replsim.scenario.report.CheckOutcome;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.spec.App;
import io.replsim.scenario.spec.Check;
import io.replsim.scenario.spec.WorkloadSpec;
import io.replsim.settings.DataSize;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The load driver's model of each app's whole session state against what real nodes (in this JVM, over HTTP)
 * hold: every answer of a faithful node is OK, and a backup that lacks one attribute, or that the app cannot
 * read, is caught after a failover: exactly the users of the node that left come out CORRUPT or FAILED.
 */
class SessionStateOracleTest {
    private static final ReplicationSpec SESSION_SYNC = ReplicationSpec.builder().build();
    private static final ReplicationSpec ATTRIBUTE_SYNC = ReplicationSpec.builder()
            .granularity(GranularityKind.ATTRIBUTE).build();

    static Stream<Arguments> apps() {
        UserScript everyApp = UserScript.of(new WeightedRequest(RequestType.COUNTER, 1),
                new WeightedRequest(RequestType.CART, 1), new WeightedRequest(RequestType.PROFILE, 1),
                new WeightedRequest(RequestType.BEAN, 1), new WeightedRequest(RequestType.READ, 1),
                new WeightedRequest(RequestType.COUNTER_READ, 1), new WeightedRequest(RequestType.CART_READ, 1),
                new WeightedRequest(RequestType.PROFILE_READ, 1));
        UserScript readMostly = UserScript.of(new WeightedRequest(RequestType.COUNTER, 1),
                new WeightedRequest(RequestType.COUNTER_READ, 3), new WeightedRequest(RequestType.CART, 1),
                new WeightedRequest(RequestType.CART_READ, 3), new WeightedRequest(RequestType.PROFILE, 1),
                new WeightedRequest(RequestType.PROFILE_READ, 3));
        UserScript bean = UserScript.of(new WeightedRequest(RequestType.BEAN, 3),
                new WeightedRequest(RequestType.READ, 2));
        return Stream.of(
                Arguments.of("counter, 1000-byte payload", "/counter", null, 1000, SessionProfile.DEFAULT),
                Arguments.of("cart", "/cart", null, 64, SessionProfile.DEFAULT),
                Arguments.of("profile, bytes", "/profile", null, 64,
                        new SessionProfile(5, 300, AttributeShape.BYTES, 0.4, false)),
                Arguments.of("profile, graph", "/profile", null, 64,
                        new SessionProfile(4, 256, AttributeShape.GRAPH, 0.5, false)),
                Arguments.of("profile, bytes changed in place", "/profile", null, 64,
                        new SessionProfile(5, 300, AttributeShape.BYTES, 0.4, true)),
                Arguments.of("profile, graph changed in place", "/profile", null, 64,
                        new SessionProfile(3, 200, AttributeShape.GRAPH, 0.34, true)),
                Arguments.of("bean, increments and peeks", "/bean", bean, 64, SessionProfile.DEFAULT),
                Arguments.of("every app in one script", "/counter", everyApp, 500,
                        new SessionProfile(6, 100, AttributeShape.GRAPH, 0.2, false)),
                Arguments.of("every app's read, read-mostly", "/counter", readMostly, 300,
                        new SessionProfile(5, 200, AttributeShape.BYTES, 0.4, true)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("apps")
    void everyAnswerOfAFaithfulNodeShowsTheStateTheDriverWrote(String name, String path, UserScript script,
                                                                int payloadBytes, SessionProfile profile)
            throws Exception {
        try (var cluster = new InJvmCluster(1, payloadBytes, profile, SESSION_SYNC)) {
            // at most 30 s: the run ends after its 100th answer (run below)
            LoadProfile load = load(3, Duration.ofMillis(10), Duration.ofSeconds(30), path, payloadBytes, profile);
            LoadResult result = run(script == null ? load : load.toBuilder().script(script).build(), cluster);

            assertThat(result.requests()).as(result.toString()).isGreaterThan(30);
            assertThat(result.errors().total()).as(result.toString()).isZero();
            assertThat(result.responseVerdicts()).as(result.toString())
                    .isEqualTo(new ResponseVerdictCounts(result.requests(), 0, 0, 0));
            assertThat(result.sessionVerdicts()).as(result.toString())
                    .isEqualTo(new SessionVerdictCounts(result.sessionVerdicts().total(), 0, 0));
        }
    }

    @Test
    void aBackupThatLacksOneAttributeIsCorruptAfterFailoverForExactlyTheUsersOfTheNodeThatLeft() throws Exception {
        // No attribute changes after the session is made (share 0): the damage stays until it is served.
        var profile = new SessionProfile(4, 256, AttributeShape.BYTES, 0.0, false);
        FailoverOutcome outcome = failoverWithDamagedBackups("/profile", profile, "attr1");

        assertThat(outcome.result().sessionVerdicts()).as(outcome.toString())
                .isEqualTo(new SessionVerdictCounts(USERS - outcome.usersOfNode1(), 0, 0, outcome.usersOfNode1(), 0));
        assertThat(outcome.result().responseVerdicts().corrupt()).as(outcome.toString()).isPositive();
        assertThat(outcome.result().responseVerdicts().stale()).isZero();
    }

    @Test
    void aBackupTheAppCannotReadFailsTheSessionsOfTheNodeThatLeftAndMaxSessionsLostZeroFails() throws Exception {
        // The counter reads its payload, which attribute granularity never sends again: the damage stays. (The
        // serial would not do: every request's delta carries it and would repair the copy before the failover.)
        FailoverOutcome outcome = failoverWithDamagedBackups("/counter", SessionProfile.DEFAULT, "payload");

        SessionVerdictCounts sessions = outcome.result().sessionVerdicts();
        assertThat(sessions).as(outcome.toString())
                .isEqualTo(new SessionVerdictCounts(USERS - outcome.usersOfNode1(), 0, 0, 0, outcome.usersOfNode1()));
        assertThat(outcome.result().errors().httpStatus()).as("every answer to them was a 500").isPositive();
        List<CheckOutcome> checks = CheckEvaluator.evaluate(List.of(new Check.MaxSessionsLost(0)),
                RunSummary.Verdicts.of(sessions), outcome.result().latencyMicros(),
                outcome.result().served().wholeMicros(), List.of());
        assertThat(checks).singleElement().satisfies(check -> {
            assertThat(check.passed()).as(check.toString()).isFalse();
            assertThat(check.actual()).contains(outcome.usersOfNode1() + " FAILED");
        });
    }

    private static final int USERS = 6;

    record FailoverOutcome(LoadResult result, int usersOfNode1, String damaged) {
    }

    /**
     * Two nodes, attribute granularity: users of the app at {@code path} build their sessions, node2's copies of
     * node1's sessions lose {@code attribute}, node1 leaves, and its users go on on node2.
     */
    private static FailoverOutcome failoverWithDamagedBackups(String path, SessionProfile profile, String attribute)
            throws Exception {
        try (var cluster = new InJvmCluster(2, 64, profile, ATTRIBUTE_SYNC);
             var driver = new LoadDriver(load(USERS, Duration.ofMillis(50), Duration.ofSeconds(5), path, 64,
                     profile), cluster.endpoints(), null)) {
            driver.start();
            // within 3 s of the 5 s load, so that node1's users go on on node2 for 2 s at least: a deadline past the
            // load's end let node1 leave after the last request on a busy machine
            await().atMost(Duration.ofSeconds(3)).until(() -> IntStream.range(0, USERS)
                    .allMatch(user -> driver.nodeServing(user).isPresent()) && driver.progress().requestsTotal() > 60);
            List<Integer> onNode1 = IntStream.range(0, USERS)
                    .filter(user -> driver.nodeServing(user).equals(Optional.of("node1"))).boxed().toList();
            String damaged = cluster.damageReplicas("node2", attribute, "remove");
            cluster.stop("node1");
            LoadResult result = driver.awaitResult();
            assertThat(onNode1).as("the router spreads new users over both nodes").isNotEmpty().hasSizeLessThan(USERS);
            assertThat(damaged).isEqualTo("{\"damaged\":" + onNode1.size() + "}");
            return new FailoverOutcome(result, onNode1.size(), damaged);
        }
    }

    private static LoadProfile load(int users, Duration think, Duration duration, String path, int payloadBytes,
                                    SessionProfile profile) {
        // what a scenario run gives the driver: its workload section's settings, as the nodes got them
        SessionShapes shapes = new WorkloadSpec(App.COUNTER, new DataSize(payloadBytes), profile).sessionShapes();
        return LoadProfile.builder(path).users(users).thinkTime(new ThinkTime.Fixed(think)).duration(duration)
                .requestTimeout(Duration.ofSeconds(5)).protocol(TargetProtocol.replsim(shapes)).build();
    }

    /**
     * Ended after 100 answers, not after a fixed time: the claim is about each answer, and a fixed 3 s only repeated
     * the same checks on an idle machine, while a fixed 1 s got 3-6 answers where a busy one (load 40) took a second
     * for a cold node's first.
     */
    private static LoadResult run(LoadProfile profile, InJvmCluster cluster) throws Exception {
        try (var driver = new LoadDriver(profile, cluster.endpoints(), null)) {
            driver.start();
            await().atMost(Duration.ofSeconds(25)).until(() -> driver.progress().requestsTotal() >= 100);
            driver.close();
            return driver.awaitResult();
        }
    }
}

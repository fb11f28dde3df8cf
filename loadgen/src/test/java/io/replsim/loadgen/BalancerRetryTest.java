package io.replsim.loadgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.replsim.loadgen.StubCluster.Behaviour;
import io.replsim.loadgen.anomaly.AnomalyKind;
import io.replsim.loadgen.anomaly.ConsistencyChecker;
import io.replsim.loadgen.history.HistoryFile;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Outcome;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.route.Balancer;
import io.replsim.loadgen.route.FailoverChoice;
import io.replsim.loadgen.think.ThinkTime;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The whole driver against two stub nodes sharing one session map, of which node1 starts to answer each request 1.5 s
 * after it applied it: a balancer with {@code retryOnTimeout: 300ms} gives up on node1 and sends the same request
 * (its id) to node2, which applies it again; the history keeps one request, answered by node2, whose list holds its
 * element twice, and the run counts the retry. Without the knob the user waits for node1's late answer and node2 never
 * sees the request. Both user runtimes: the event loop gives the attempts their own timeouts as the threads do.
 */
@Timeout(60)
@ParameterizedClass
@EnumSource(UserCarrierKind.class)
class BalancerRetryTest {

    @Parameter
    UserCarrierKind runtime;

    private static final int USERS = 2;
    private static final Duration LATE_BY = Duration.ofMillis(1500);

    @TempDir
    Path dir;

    private record Ran(LoadResult result, List<HistoryRequest> history, List<Long> answeredLate) {
        /** The history's requests with the id of one node1 answered late (each should be there once). */
        List<HistoryRequest> lateOnes() {
            Set<Long> late = Set.copyOf(answeredLate);
            return history.stream().filter(request -> late.contains(request.id())).toList();
        }
    }

    /** Runs the users until node1 has been late {@code lateRequests} times and every user is then served by node2. */
    private Ran run(Balancer balancer, StubCluster cluster, int lateRequests, boolean untilAllOnNode2)
            throws Exception {
        Path file = dir.resolve(HistoryFile.NAME);
        LoadProfile profile = LoadProfile.builder("/counter").users(USERS)
                .thinkTime(new ThinkTime.Fixed(Duration.ofMillis(20))).duration(Duration.ofSeconds(40))
                .requestTimeout(Duration.ofSeconds(5)).balancer(balancer).runtime(runtime).build();
        LoadResult result;
        try (LoadDriver driver = new LoadDriver(profile, cluster.endpoints(), dir.resolve("latency.hlog"),
                Optional.of(file))) {
            driver.start();
            await().atMost(Duration.ofSeconds(20)).until(() -> cluster.served("node1") >= 3);
            cluster.answerLate("node1", LATE_BY);
            await().atMost(Duration.ofSeconds(30)).until(() -> cluster.answeredLate("node1").size() >= lateRequests
                    && (!untilAllOnNode2 || IntStream.range(0, USERS)
                    .allMatch(user -> driver.nodeServing(user).equals(Optional.of("node2")))));
            driver.close();
            result = driver.awaitResult();
        }
        return new Ran(result, HistoryFile.read(file), cluster.answeredLate("node1"));
    }

    @Test
    void aWriteItsNodeAnswersLateIsSentOnceMoreWithItsIdToTheNextNodeWhichAppliesItAgain() throws Exception {
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL)) {
            Ran ran = run(new Balancer(true, FailoverChoice.NEXT).retryingOnTimeout(Duration.ofMillis(300)), cluster,
                    1, true);

            assertThat(ran.answeredLate()).as("requests node1 applied and answered late").isNotEmpty();
            assertThat(cluster.received("node2")).as("node2 took the same requests, by their ids")
                    .containsAll(ran.answeredLate());
            assertThat(ran.lateOnes()).as("one request each in the history").hasSameSizeAs(ran.answeredLate())
                    .allSatisfy(request -> {
                        assertThat(request.outcome()).as(request.describe()).isEqualTo(Outcome.OK);
                        assertThat(request.node()).as(request.describe()).contains("node2");
                        assertThat(request.resent()).as(request.describe()).isFalse();
                        assertThat(Collections.frequency(request.read().orElseThrow(), request.id()))
                                .as(request.describe()).isEqualTo(2);
                    });
            assertThat(ran.result().errors().balancerRetries()).isEqualTo(ran.answeredLate().size());
            assertThat(ran.result().errors().timeout()).isGreaterThanOrEqualTo(ran.answeredLate().size());
            assertThat(ConsistencyChecker.check(ran.history()).of(AnomalyKind.WRITE_APPLIED_TWICE))
                    .as("writes applied twice").hasSameSizeAs(ran.answeredLate());
        }
    }

    @Test
    void withoutRetryOnTimeoutTheLateAnswerIsAwaitedAndNoOtherNodeSeesTheRequest() throws Exception {
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL)) {
            Ran ran = run(new Balancer(true, FailoverChoice.NEXT), cluster, 2, false);

            assertThat(cluster.received("node2")).as("node2 took none of node1's late requests")
                    .doesNotContainAnyElementsOf(ran.answeredLate());
            assertThat(ran.lateOnes()).as("node1's late answers, the last one perhaps cut by the close")
                    .isNotEmpty().allSatisfy(request -> {
                        assertThat(request.outcome()).as(request.describe()).isEqualTo(Outcome.OK);
                        assertThat(request.node()).as(request.describe()).contains("node1");
                    });
            assertThat(ran.result().errors().balancerRetries()).isZero();
            assertThat(ConsistencyChecker.check(ran.history()).of(AnomalyKind.WRITE_APPLIED_TWICE)).isEmpty();
        }
    }
}

package io.replsim.loadgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.replsim.loadgen.StubCluster.Behaviour;
import io.replsim.loadgen.history.HistoryFile;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Outcome;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.UserScript;
import io.replsim.loadgen.script.WeightedRequest;
import io.replsim.loadgen.think.ThinkTime;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The whole driver, on both carriers, against two stub nodes of which node1 starts to take requests and close their
 * connections without a byte of an answer, as a node killed with requests in flight: a read so left is sent on at
 * once to node2 and answered there, a write is not sent to another node and stays a failure of unknown outcome.
 */
@Timeout(60)
class UnansweredRequestTest {

    private static final int USERS = 6;

    @TempDir
    Path dir;

    /**
     * Ended once node2 serves every user, not at a fixed time, so that a loaded machine still gets that far (the
     * run's 40 s are a bound): by then each user node1 served has had a request hung up on and has moved to node2,
     * whose cookie keeps it there.
     */
    private List<HistoryRequest> hungUpOnByNode1(UserCarrierKind runtime, RequestType only, StubCluster cluster)
            throws Exception {
        Path file = dir.resolve(HistoryFile.NAME);
        LoadProfile profile = LoadProfile.builder(only.path()).users(USERS)
                .thinkTime(new ThinkTime.Fixed(Duration.ofMillis(20))).duration(Duration.ofSeconds(40))
                .requestTimeout(Duration.ofSeconds(10)).script(UserScript.of(new WeightedRequest(only, 1)))
                .runtime(runtime).build();
        try (LoadDriver driver = new LoadDriver(profile, cluster.endpoints(), dir.resolve("latency.hlog"),
                Optional.of(file))) {
            driver.start();
            await().atMost(Duration.ofSeconds(30)).until(() -> cluster.served("node1") >= 6);
            cluster.hangUp("node1");
            await().atMost(Duration.ofSeconds(30)).until(() -> IntStream.range(0, USERS)
                    .allMatch(user -> driver.nodeServing(user).equals(Optional.of("node2"))));
            driver.close();
            driver.awaitResult();
        }
        Set<Long> hungUp = Set.copyOf(cluster.hungUpOn("node1"));
        return HistoryFile.readHistory(file).requests().stream().filter(request -> hungUp.contains(request.id()))
                .toList();
    }

    @ParameterizedTest
    @EnumSource(UserCarrierKind.class)
    void aReadTheNodeLeftUnansweredIsAnsweredByTheNextNode(UserCarrierKind runtime) throws Exception {
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL)) {
            List<HistoryRequest> reads = hungUpOnByNode1(runtime, RequestType.READ, cluster);

            assertThat(reads).as("reads node1 hung up on").isNotEmpty().allSatisfy(read -> {
                assertThat(read.outcome()).as(read.describe()).isEqualTo(Outcome.OK);
                assertThat(read.node()).as(read.describe()).contains("node2");
            });
        }
    }

    @ParameterizedTest
    @EnumSource(UserCarrierKind.class)
    void aWriteTheNodeLeftUnansweredIsNotSentToAnotherNode(UserCarrierKind runtime) throws Exception {
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL)) {
            List<HistoryRequest> writes = hungUpOnByNode1(runtime, RequestType.BEAN, cluster);

            Set<Long> node2Took = Set.copyOf(cluster.received("node2"));
            assertThat(writes).as("writes node1 hung up on").isNotEmpty().allSatisfy(write -> {
                assertThat(write.outcome()).as(write.describe()).isEqualTo(Outcome.FAILED);
                assertThat(node2Took).as(write.describe()).doesNotContain(write.id());
            });
        }
    }
}

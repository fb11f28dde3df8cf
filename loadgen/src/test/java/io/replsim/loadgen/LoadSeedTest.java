package io.replsim.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.StubCluster.Behaviour;
import io.replsim.loadgen.history.HistoryFile;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Operation;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserShare;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.UserScript;
import io.replsim.loadgen.script.WeightedRequest;
import io.replsim.loadgen.think.ThinkTime;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load with a seed draws alike in every run: each user's script requests come from a stream seeded with the seed
 * and its index, seen in the runs' histories. Each user's first request is compared, the one it sends however slow
 * the machine: sixteen users drawing a write or a read half and half agree by chance in one pair of unseeded runs out
 * of 65,536. Two load agents' shares of the same load, each user run by one of them with its own index, start
 * every user with the request one driver starts it with.
 */
class LoadSeedTest {

    private static final int USERS = 16;

    @TempDir
    Path dir;

    @Test
    void twoRunsWithTheSameSeedStartEachUserWithTheSameRequest() throws Exception {
        Map<Integer, String> first = firstRequestsPerUser(42, "first");
        Map<Integer, String> second = firstRequestsPerUser(42, "second");

        assertThat(first).hasSize(USERS).isEqualTo(second);
    }

    @Test
    void anotherSeedStartsTheUsersWithOtherRequests() throws Exception {
        assertThat(firstRequestsPerUser(42, "seed42")).isNotEqualTo(firstRequestsPerUser(7, "seed7"));
    }

    @Test
    void twoAgentsSharesRunEachUserOnceAndStartItAsOneDriverDoes() throws Exception {
        Map<Integer, String> one = firstRequestsPerUser(42, "one");
        Map<Integer, String> first = firstRequestsPerUser(42, "agent1", new UserShare(1, 2));
        Map<Integer, String> second = firstRequestsPerUser(42, "agent2", new UserShare(2, 2));

        assertThat(first.keySet()).containsExactly(0, 2, 4, 6, 8, 10, 12, 14);
        assertThat(second.keySet()).containsExactly(1, 3, 5, 7, 9, 11, 13, 15);
        Map<Integer, String> together = new TreeMap<>(first);
        together.putAll(second);
        assertThat(together).isEqualTo(one);
    }

    private Map<Integer, String> firstRequestsPerUser(int seed, String run) throws Exception {
        return firstRequestsPerUser(seed, run, UserShare.WHOLE);
    }

    /** Each user's first request: a write ({@code bean}) or a read ({@code read}), drawn half and half. */
    private Map<Integer, String> firstRequestsPerUser(int seed, String run, UserShare share) throws Exception {
        LoadProfile profile = LoadProfile.builder("/counter").users(USERS)
                .thinkTime(new ThinkTime.Fixed(Duration.ofMillis(5))).duration(Duration.ofSeconds(1))
                .script(UserScript.of(new WeightedRequest(RequestType.BEAN, 1),
                        new WeightedRequest(RequestType.READ, 1)))
                .seed(seed).share(share).build();
        Path history = dir.resolve(run + "-" + HistoryFile.NAME);
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL);
             LoadDriver driver = new LoadDriver(profile, cluster.endpoints(), dir.resolve(run + ".hlog"),
                     Optional.of(history))) {
            driver.start();
            driver.awaitResult();
        }
        return HistoryFile.readHistory(history).requests().stream()
                .sorted(Comparator.comparingLong(HistoryRequest::id))
                .collect(Collectors.toMap(HistoryRequest::user,
                        request -> request.operation() instanceof Operation.Read ? "read" : "write",
                        (firstRequest, later) -> firstRequest));
    }
}

package io.replsim.loadgen.loop;

import io.replsim.loadgen.think.ThinkTime;
import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.StubCluster;
import io.replsim.loadgen.exchange.SelfSignedTls;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.record.LatencyRecording;
import io.replsim.loadgen.record.RunRecording;
import io.replsim.loadgen.record.ScriptTally;
import io.replsim.loadgen.route.StickyRouter;
import io.replsim.loadgen.steady.SteadyRecording;
import io.replsim.loadgen.profile.RunPlan;
import io.replsim.loadgen.user.VirtualUser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class EventLoopsTest {

    private static final LoadProfile PROFILE = LoadProfile.builder("/counter").users(10)
            .thinkTime(new ThinkTime.Fixed(Duration.ofSeconds(1))).duration(Duration.ofSeconds(10))
            .requestTimeout(Duration.ofSeconds(2)).runtime(UserCarrierKind.EVENT_LOOP).build();
    private static final List<NodeEndpoint> NODES = List.of(new NodeEndpoint("node1", URI.create("http://127.0.0.1:1")));

    private static List<VirtualUser> users(int count) throws Exception {
        return users(PROFILE, NODES, new RunRecording(LatencyRecording.start(Optional.empty(),
                System.currentTimeMillis())), count);
    }

    private static List<VirtualUser> users(LoadProfile profile, List<NodeEndpoint> nodes, RunRecording recording,
                                           int count) {
        long now = System.nanoTime();
        RunPlan plan = RunPlan.from(profile, now);
        StickyRouter router = new StickyRouter(nodes, Duration.ofSeconds(5), InstantSource.system());
        return IntStream.range(0, count).mapToObj(i -> new VirtualUser(i, plan, router, "/counter", recording,
                new SteadyRecording(plan), new AtomicInteger(), i, Optional.empty(), new ScriptTally(List.of())))
                .toList();
    }

    @Test
    void usersAreCarriedByOneThreadPerLoopNeverByOneThreadEach() throws Exception {
        EventLoops loops = new EventLoops(PROFILE, NODES, List.of(), 2);

        assertThat(loops.threadsFor(users(1_000))).hasSize(2)
                .allSatisfy(thread -> assertThat(thread.isVirtual()).isFalse());
        assertThat(loops.threadsFor(users(1))).hasSize(1);
    }

    @Test
    void aDriverWithAnHttpsNodeIsMadeForTheEventLoop() throws Exception {
        List<NodeEndpoint> tls = List.of(new NodeEndpoint("web1", URI.create("https://127.0.0.1:8443")));

        try (LoadDriver driver = new LoadDriver(PROFILE, tls, null)) {
            assertThat(driver).isNotNull();
        }
    }

    /**
     * Users on two loops against two https nodes for two seconds: every request answered and judged ok, each user's
     * on a kept-alive connection after its first. How many each sends is not held to its think time: a cold JVM's
     * first handshakes take a good part of the run.
     */
    @Test
    void usersOnEventLoopsAreAnsweredByHttpsNodes() throws Exception {
        SelfSignedTls tls = SelfSignedTls.forLoopback();
        LoadProfile shortRun = LoadProfile.builder("/counter").users(6)
                .thinkTime(new ThinkTime.Fixed(Duration.ofMillis(50))).duration(Duration.ofSeconds(2))
                .requestTimeout(Duration.ofSeconds(2)).runtime(UserCarrierKind.EVENT_LOOP).build();
        try (StubCluster cluster = StubCluster.overTls(tls.serverContext(), StubCluster.Behaviour.FAITHFUL,
                StubCluster.Behaviour.FAITHFUL)) {
            RunRecording recording = new RunRecording(LatencyRecording.start(Optional.empty(),
                    System.currentTimeMillis()));
            List<VirtualUser> users = users(shortRun, cluster.endpoints(), recording, 6);
            EventLoops loops = new EventLoops(shortRun, cluster.endpoints(), List.of(), 2,
                    Optional.of(tls.trustingClient()));
            List<Thread> threads = loops.threadsFor(users);
            threads.forEach(Thread::start);
            for (Thread thread : threads) {
                assertThat(thread.join(Duration.ofSeconds(10))).as(thread.getName() + " ended with its users")
                        .isTrue();
            }

            assertThat(recording.errors().total()).as("failed attempts").isZero();
            assertThat(users).allSatisfy(user -> {
                assertThat(user.responseVerdicts().ok()).isGreaterThanOrEqualTo(2);
                assertThat(user.responseVerdicts().total()).isEqualTo(user.responseVerdicts().ok());
            });
            assertThat(loops.connections().opened()).as("kept alive: a connection per user at most")
                    .isLessThanOrEqualTo(6);
        }
    }
}

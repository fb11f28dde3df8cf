package io.replsim.loadgen.loop;

import io.replsim.loadgen.think.ThinkTime;
import io.replsim.loadgen.LoadDriver;
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

import java.net.URI;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EventLoopsTest {

    private static final LoadProfile PROFILE = LoadProfile.builder("/counter").users(10)
            .thinkTime(new ThinkTime.Fixed(Duration.ofSeconds(1))).duration(Duration.ofSeconds(10))
            .requestTimeout(Duration.ofSeconds(2)).runtime(UserCarrierKind.EVENT_LOOP).build();
    private static final List<NodeEndpoint> NODES = List.of(new NodeEndpoint("node1", URI.create("http://127.0.0.1:1")));

    private static List<VirtualUser> users(int count) throws Exception {
        long now = System.nanoTime();
        RunPlan plan = RunPlan.from(PROFILE, now);
        RunRecording recording = new RunRecording(LatencyRecording.start(Optional.empty(), System.currentTimeMillis()));
        StickyRouter router = new StickyRouter(NODES, Duration.ofSeconds(5), InstantSource.system());
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
    void anHttpsNodeIsRefusedWhenTheDriverIsMadeNotOnEveryRequest() {
        List<NodeEndpoint> tls = List.of(new NodeEndpoint("web1", URI.create("https://127.0.0.1:8443")));

        assertThatThrownBy(() -> new LoadDriver(PROFILE, tls, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("web1").hasMessageContaining("https://127.0.0.1:8443")
                .hasMessageContaining("virtual-threads");
    }
}

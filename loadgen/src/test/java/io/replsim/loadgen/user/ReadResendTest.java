package io.replsim.loadgen.user;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.profile.RunPlan;
import io.replsim.loadgen.record.LatencyRecording;
import io.replsim.loadgen.record.RunRecording;
import io.replsim.loadgen.record.ScriptTally;
import io.replsim.loadgen.route.StickyRouter;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.UserScript;
import io.replsim.loadgen.script.WeightedRequest;
import io.replsim.loadgen.steady.SteadyRecording;
import io.replsim.loadgen.think.ThinkMode;
import io.replsim.loadgen.think.ThinkTime;
import java.net.URI;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A user driven by hand: which failed attempts it sends on at once to the next live node. Only a read that its node
 * took and left without a byte of an answer, and only once.
 */
class ReadResendTest {

    private static final NodeEndpoint NODE1 = new NodeEndpoint("node1", URI.create("http://127.0.0.1:1"));
    private static final NodeEndpoint NODE2 = new NodeEndpoint("node2", URI.create("http://127.0.0.1:2"));
    private static final Exchange.Failed UNANSWERED = new Exchange.Failed(System.currentTimeMillis(), ErrorKind.IO,
            "the server closed the connection before answering", true);

    private RunRecording recording;

    private VirtualUser user(RequestType only, NodeEndpoint... nodes) throws Exception {
        long start = System.nanoTime();
        RunPlan plan = new RunPlan(start, start, start + Duration.ofMinutes(1).toNanos(), 1, Duration.ZERO,
                new ThinkTime.Fixed(Duration.ofSeconds(5)), ThinkMode.AFTER_RESPONSE);
        recording = new RunRecording(LatencyRecording.start(Optional.empty(), System.currentTimeMillis()));
        StickyRouter router = new StickyRouter(List.of(nodes), Duration.ofSeconds(5), InstantSource.system());
        UserScript script = UserScript.of(new WeightedRequest(only, 1));
        return new VirtualUser(0, plan, router, only.path(), recording, new SteadyRecording(plan),
                new AtomicInteger(), 42, Optional.of(script), new ScriptTally(script.types()),
                Optional.of(SessionShapes.DEFAULT), Duration.ZERO, 0, Optional.empty());
    }

    private static UserAction.Send firstRequest(VirtualUser user) {
        user.start();
        return (UserAction.Send) user.woke(System.nanoTime());
    }

    @Test
    void aReadItsNodeLeftUnansweredGoesAtOnceToTheNextLiveNode() throws Exception {
        VirtualUser user = user(RequestType.READ, NODE1, NODE2);
        UserAction.Send first = firstRequest(user);

        UserAction next = user.answered(UNANSWERED);

        assertThat(next).isInstanceOfSatisfying(UserAction.Send.class,
                send -> assertThat(send.node()).isNotEqualTo(first.node()));
        assertThat(recording.errors().io()).isEqualTo(1);
        assertThat(recording.requests()).as("the request goes on").isZero();
    }

    @Test
    void aReadIsSentOnOnceOnlyThenItsFailureIsItsOutcome() throws Exception {
        VirtualUser user = user(RequestType.READ, NODE1, NODE2);
        firstRequest(user);
        user.answered(UNANSWERED);

        assertThat(user.answered(UNANSWERED)).isInstanceOf(UserAction.Pause.class);
        assertThat(recording.errors().io()).isEqualTo(2);
        assertThat(recording.requests()).isEqualTo(1);
    }

    @Test
    void aWriteItsNodeLeftUnansweredIsNotSentAgain() throws Exception {
        VirtualUser user = user(RequestType.BEAN, NODE1, NODE2);
        firstRequest(user);

        assertThat(user.answered(UNANSWERED)).isInstanceOf(UserAction.Pause.class);
        assertThat(recording.errors().io()).isEqualTo(1);
        assertThat(recording.requests()).isEqualTo(1);
    }

    @Test
    void aReadWhoseAnswerHadBegunOrRanLateIsNotSentAgain() throws Exception {
        for (Exchange.Failed failed : List.of(
                new Exchange.Failed(System.currentTimeMillis(), ErrorKind.IO, "the connection ended inside a header"),
                new Exchange.Failed(System.currentTimeMillis(), ErrorKind.TIMEOUT, "no answer within 5000 ms", true))) {
            VirtualUser user = user(RequestType.READ, NODE1, NODE2);
            firstRequest(user);

            assertThat(user.answered(failed)).as(failed.detail()).isInstanceOf(UserAction.Pause.class);
            assertThat(recording.requests()).isEqualTo(1);
        }
    }

    @Test
    void aReadWithNoOtherLiveNodeFailsOnceCounted() throws Exception {
        VirtualUser user = user(RequestType.READ, NODE1);
        firstRequest(user);

        assertThat(user.answered(UNANSWERED)).isInstanceOf(UserAction.Pause.class);
        assertThat(recording.errors().io()).isEqualTo(1);
        assertThat(recording.requests()).isEqualTo(1);
    }
}

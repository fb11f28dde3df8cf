package io.replsim.loadgen.user;

import io.replsim.loadgen.check.state.ExpectedState;
import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.profile.RunPlan;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.CounterReply;
import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.exchange.SessionCookie;
import io.replsim.loadgen.record.LatencyRecording;
import io.replsim.loadgen.record.RunRecording;
import io.replsim.loadgen.record.ScriptTally;
import io.replsim.loadgen.route.StickyRouter;
import io.replsim.loadgen.steady.SteadyRecording;
import io.replsim.loadgen.think.ThinkMode;
import io.replsim.loadgen.think.ThinkTime;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The user as a state machine, driven by hand with no sockets and no threads: what it asks its runtime to do after
 * each outcome. Both runtimes (a blocking virtual thread, an event loop) only carry these actions out.
 */
class VirtualUserTest {

    private static final NodeEndpoint NODE1 = new NodeEndpoint("node1", URI.create("http://127.0.0.1:1"));
    private static final NodeEndpoint NODE2 = new NodeEndpoint("node2", URI.create("http://127.0.0.1:2"));

    private final AtomicInteger active = new AtomicInteger();
    private RunRecording recording;

    private VirtualUser user(Duration think, Duration run, NodeEndpoint... nodes) throws Exception {
        long start = System.nanoTime();
        RunPlan plan = new RunPlan(start, start, start + run.toNanos(), 1, Duration.ZERO, new ThinkTime.Fixed(think),
                ThinkMode.AFTER_RESPONSE);
        recording = new RunRecording(LatencyRecording.start(Optional.empty(), System.currentTimeMillis()));
        StickyRouter router = new StickyRouter(List.of(nodes), Duration.ofSeconds(5), InstantSource.system());
        return new VirtualUser(0, plan, router, "/counter", recording, new SteadyRecording(plan), active, 42,
                Optional.empty(), new ScriptTally(List.of()));
    }

    private static Exchange.Answered answer(String node, long serial) {
        return new Exchange.Answered(System.currentTimeMillis(), 200, node,
                Optional.of(new CounterReply("s1", serial, node, new ExpectedState(SessionShapes.DEFAULT.of(
                        RequestType.SessionKind.COUNTER)).digestAt("s1", serial), serial == 1)),
                serial == 1 ? Optional.of(new SessionCookie("s1." + node)) : Optional.empty());
    }

    @Test
    void itWaitsForItsStartThenSendsAndWithoutThinkTimeSendsAgainAtOnceWithTheCookieItWasGiven() throws Exception {
        VirtualUser user = user(Duration.ZERO, Duration.ofMinutes(1), NODE1);

        assertThat(user.start()).isInstanceOf(UserAction.Pause.class);
        UserAction first = user.woke(System.nanoTime());
        assertThat(active.get()).isEqualTo(1);
        assertThat(first).isEqualTo(new UserAction.Send(NODE1, "/counter", Optional.empty(), 0));

        UserAction second = user.answered(answer("node1", 1));
        assertThat(second).isEqualTo(new UserAction.Send(NODE1, "/counter", Optional.of(new SessionCookie("s1.node1")), 0));
        user.answered(answer("node1", 2));

        assertThat(recording.requests()).isEqualTo(2);
        user.stopped(System.nanoTime());
        assertThat(active.get()).isZero();
        assertThat(user.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(1, 0, 0));
    }

    @Test
    void aThinkTimeIsAPauseOfThatLengthAfterTheAnswer() throws Exception {
        VirtualUser user = user(Duration.ofSeconds(7), Duration.ofMinutes(1), NODE1);
        user.start();
        user.woke(System.nanoTime());

        long before = System.nanoTime();
        UserAction next = user.answered(answer("node1", 1));

        assertThat(next).isInstanceOfSatisfying(UserAction.Pause.class, pause -> assertThat(pause.untilNanos() - before)
                .isBetween(Duration.ofSeconds(7).toNanos(), Duration.ofSeconds(8).toNanos()));
        assertThat(user.woke(((UserAction.Pause) next).untilNanos())).isInstanceOf(UserAction.Send.class);
    }

    @Test
    void aRefusedRequestGoesToTheNextLiveNodeAtOnceAndCountsAsOneConnectError() throws Exception {
        VirtualUser user = user(Duration.ZERO, Duration.ofMinutes(1), NODE1, NODE2);
        user.start();
        UserAction.Send first = (UserAction.Send) user.woke(System.nanoTime());

        UserAction retry = user.answered(new Exchange.Failed(System.currentTimeMillis(), ErrorKind.CONNECT, "refused"));

        assertThat(retry).isInstanceOfSatisfying(UserAction.Send.class,
                send -> assertThat(send.node()).isNotEqualTo(first.node()));
        assertThat(recording.errors().connect()).isEqualTo(1);
        assertThat(recording.requests()).isZero(); // the request is not over: it is being sent again
    }

    @Test
    void aPauseNeverEndsAfterTheDeadlineAndAtTheDeadlineTheUserStops() throws Exception {
        VirtualUser user = user(Duration.ofHours(1), Duration.ofMillis(200), NODE1);
        user.start();
        user.woke(System.nanoTime());

        UserAction.Pause pause = (UserAction.Pause) user.answered(answer("node1", 1));
        assertThat(pause.untilNanos() - System.nanoTime()).isLessThanOrEqualTo(Duration.ofMillis(200).toNanos());

        assertThat(user.woke(pause.untilNanos())).isEqualTo(UserAction.STOP);
        assertThat(active.get()).isZero();
        assertThat(user.stoppedAtNanos()).isEqualTo(pause.untilNanos());
    }

    @Test
    void itPublishesItsVerdictsAtTheRequestEndAfterAReaderAskedAndAlwaysAsItStops() throws Exception {
        VirtualUser user = user(Duration.ZERO, Duration.ofMinutes(1), NODE1);
        user.start();
        user.woke(System.nanoTime());
        user.answered(answer("node1", 1));

        assertThat(user.verdictsSoFar().responses()).as("nobody asked before this request ended")
                .isEqualTo(ResponseVerdictCounts.NONE);
        user.answered(answer("node1", 2));
        assertThat(user.verdictsSoFar().responses()).as("asked, then a request ended")
                .isEqualTo(new ResponseVerdictCounts(2, 0, 0, 0, 0));
        user.answered(answer("node1", 3));
        user.answered(answer("node1", 4));
        assertThat(user.verdictsSoFar().responses()).as("as of the first request's end after the ask")
                .isEqualTo(new ResponseVerdictCounts(3, 0, 0, 0, 0));

        user.answered(answer("node1", 5));
        user.stopped(System.nanoTime());
        assertThat(user.verdictsSoFar()).isEqualTo(new VirtualUser.Verdicts(user.sessionVerdicts(),
                new ResponseVerdictCounts(5, 0, 0, 0, 0)));
    }

    @Test
    void anAnswerItDidNotAskForIsRefused() throws Exception {
        VirtualUser user = user(Duration.ZERO, Duration.ofMinutes(1), NODE1);
        user.start();

        assertThatThrownBy(() -> user.answered(answer("node1", 1))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("STARTING");
    }
}

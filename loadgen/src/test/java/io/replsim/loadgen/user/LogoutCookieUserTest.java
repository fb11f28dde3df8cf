package io.replsim.loadgen.user;

import io.replsim.loadgen.check.CounterReply;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.state.ExpectedState;
import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.SessionCookie;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.RunPlan;
import io.replsim.loadgen.profile.SessionsAtEnd;
import io.replsim.loadgen.profile.UserShare;
import io.replsim.loadgen.record.LatencyRecording;
import io.replsim.loadgen.record.RunRecording;
import io.replsim.loadgen.record.ScriptTally;
import io.replsim.loadgen.route.StickyRouter;
import io.replsim.loadgen.script.RequestType;
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

/**
 * A user's cookie after a logout, as the logout's answer leaves it: kept and sent with the next visit's first
 * request when the answer does not expire it (Servlet {@code invalidate()} alone), dropped when it does, and dropped
 * when the logout got no answer. Driven by hand, as {@link VirtualUserTest}: visits of a nanosecond, no think time,
 * so every second request is a logout.
 */
class LogoutCookieUserTest {

    private static final NodeEndpoint NODE1 = new NodeEndpoint("node1", URI.create("http://127.0.0.1:1"));
    private static final NodeEndpoint NODE2 = new NodeEndpoint("node2", URI.create("http://127.0.0.1:2"));
    private static final SessionCookie S1 = new SessionCookie("s1.node1");
    private static final SessionCookie S2 = new SessionCookie("s2.node1");

    private VirtualUser user(NodeEndpoint... nodes) throws Exception {
        long start = System.nanoTime();
        RunPlan plan = new RunPlan(start, start, start + Duration.ofMinutes(1).toNanos(), 1, Duration.ZERO,
                new ThinkTime.Fixed(Duration.ZERO), ThinkMode.AFTER_RESPONSE, Optional.of(Duration.ofNanos(1)),
                SessionsAtEnd.KEPT, 1, UserShare.WHOLE, LoadProfile.DEFAULT_REQUEST_TIMEOUT);
        RunRecording recording = new RunRecording(LatencyRecording.start(Optional.empty(), System.currentTimeMillis()));
        StickyRouter router = new StickyRouter(List.of(nodes), Duration.ofSeconds(5), InstantSource.system());
        return new VirtualUser(0, plan, router, "/counter", recording, new SteadyRecording(plan),
                new AtomicInteger(), 42, Optional.empty(), new ScriptTally(List.of()));
    }

    private static Exchange.Answered answer(String session, long serial, Optional<SessionCookie> setCookie,
                                            boolean cookieExpired) {
        return new Exchange.Answered(System.currentTimeMillis(), 200, "node1", Optional.of(new CounterReply(session,
                serial, "node1", new ExpectedState(SessionShapes.DEFAULT.of(RequestType.SessionKind.COUNTER))
                .digestAt(session, serial), serial == 1)), setCookie, false, false, Optional.empty(), false,
                cookieExpired);
    }

    /** The user's first request, answered with session s1, and the logout that follows it. */
    private static UserAction.Send loggingOut(VirtualUser user) {
        user.start();
        user.woke(System.nanoTime());
        UserAction.Send logout = (UserAction.Send) user.answered(answer("s1", 1, Optional.of(S1), false));
        assertThat(logout.path()).isEqualTo("/counter?end");
        assertThat(logout.cookie()).contains(S1);
        return logout;
    }

    @Test
    void aLogoutWhoseAnswerLeavesTheCookieSendsItWithTheNextVisitsFirstRequest() throws Exception {
        VirtualUser user = user(NODE1);
        loggingOut(user);

        UserAction.Send nextVisit = (UserAction.Send) user.answered(answer("s1", 2, Optional.empty(), false));

        assertThat(nextVisit).isEqualTo(new UserAction.Send(NODE1, "/counter", Optional.of(S1), 0));
        // the node made a new session for the ended id: the user holds it, and its next logout is that one's
        UserAction.Send nextLogout = (UserAction.Send) user.answered(answer("s2", 1, Optional.of(S2), false));
        assertThat(nextLogout).isEqualTo(new UserAction.Send(NODE1, "/counter?end", Optional.of(S2), 0));
        user.stopped(System.nanoTime());
        assertThat(user.sessionVerdicts()).isEqualTo(new SessionVerdictCounts(2, 0, 0));
    }

    @Test
    void aLogoutWhoseAnswerExpiresTheCookieStartsTheNextVisitWithout() throws Exception {
        VirtualUser user = user(NODE1);
        loggingOut(user);

        UserAction.Send nextVisit = (UserAction.Send) user.answered(answer("s1", 2, Optional.empty(), true));

        assertThat(nextVisit).isEqualTo(new UserAction.Send(NODE1, "/counter", Optional.empty(), 0));
    }

    @Test
    void aLogoutWithoutAnAnswerStartsTheNextVisitWithout() throws Exception {
        VirtualUser user = user(NODE1, NODE2);
        loggingOut(user);

        // the user leaves the node that gave no answer, and the cookie with it
        UserAction.Send nextVisit = (UserAction.Send) user.answered(new Exchange.Failed(System.currentTimeMillis(),
                ErrorKind.TIMEOUT, "no answer"));

        assertThat(nextVisit.path()).isEqualTo("/counter");
        assertThat(nextVisit.cookie()).isEmpty();
    }
}

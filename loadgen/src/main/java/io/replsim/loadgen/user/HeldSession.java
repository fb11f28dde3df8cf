package io.replsim.loadgen.user;

import io.replsim.loadgen.check.ExpectedSession;
import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.exchange.SessionCookie;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.UserScript;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A session a user holds: the cookie it sends (its own, or the one its tabs share), what the session must look
 * like, and whether the user has logged out of it while keeping its cookie.
 */
final class HeldSession {
    final ExpectedSession expected;
    final AtomicReference<Optional<SessionCookie>> cookie;
    /** The type of the last request on this session, whose app serves its logout; null without a script. */
    RequestType lastType;
    /**
     * Whether the user logged out of this session and the logout's answer left the cookie as it was (a Servlet app's
     * {@code invalidate()} alone): the session is over for the user, and its cookie still goes out with the next
     * request on it, as a browser's does, until an answer sets another or expires it.
     */
    boolean loggedOut;

    HeldSession(ExpectedSession expected) {
        this(expected, new AtomicReference<>(Optional.empty()));
    }

    HeldSession(ExpectedSession expected, AtomicReference<Optional<SessionCookie>> cookie) {
        this.expected = expected;
        this.cookie = cookie;
    }

    /**
     * The session of a user sending every request to {@code path}: held to the app's state model when
     * {@code shapes} describe the nodes' apps, to a digest that stays the same against an external app; with a
     * script, its requests go to sessions of their own and this one holds a first digest.
     */
    static HeldSession ofPath(String path, Optional<SessionShapes> shapes, Optional<UserScript> script,
                              AtomicReference<Optional<SessionCookie>> cookie) {
        return new HeldSession(shapes.isEmpty() || script.isPresent() ? new ExpectedSession()
                : ExpectedSession.ofProbe(path).orElseGet(() -> ExpectedSession.of(shapes,
                        RequestType.sessionOfPath(path).orElseThrow(() -> new IllegalArgumentException(
                                "path: got '" + path + "', which is none of the replsim apps' (/counter, /cart,"
                                + " /profile, /bean, the probe's /replsim-probe/session and /bean): their answers'"
                                + " state cannot be checked; drive another app with its own target protocol")))),
                cookie);
    }
}

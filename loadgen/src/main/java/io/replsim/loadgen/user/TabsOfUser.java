package io.replsim.loadgen.user;

import io.replsim.loadgen.check.UsersServed;
import io.replsim.loadgen.exchange.SessionCookie;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The tabs of one user ({@code load.tabs}): the session cookie they all send, as a browser's tabs share its cookie
 * jar, and how the user came out. Its tabs run on threads of their own, so every field is read and written
 * atomically; two tabs answered at once each store the cookie their answer carried, the later one staying.
 */
public final class TabsOfUser {
    private final AtomicReference<Optional<SessionCookie>> cookie = new AtomicReference<>(Optional.empty());
    private volatile boolean started;
    private volatile boolean served;

    /** The cookie every tab of the user sends. */
    AtomicReference<Optional<SessionCookie>> cookie() {
        return cookie;
    }

    /** A tab's request got an outcome; {@code answered}: a {@code 200} with the app's answer. */
    void outcome(boolean answered) {
        started = true;
        if (answered) {
            served = true;
        }
    }

    /**
     * The user served when any tab got an answer: a session its tabs held, which the history judges, since the
     * serial oracle judges none of a user with tabs.
     */
    UsersServed served() {
        return new UsersServed(started ? 1 : 0, served ? 1 : 0, started && !served ? 1 : 0);
    }
}

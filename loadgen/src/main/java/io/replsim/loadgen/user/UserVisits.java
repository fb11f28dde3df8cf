package io.replsim.loadgen.user;

import io.replsim.loadgen.exchange.SessionCookie;
import io.replsim.loadgen.profile.RunPlan;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.UserScript;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;

/**
 * What one user asks for next: a request drawn from its script (the profile's path without one) on the session of
 * its app, the logouts that end a visit once it has lasted its drawn length, and the logouts of every session it
 * still holds once the run is over. A new session goes to the node of the user's previous one, as a balancer keeps
 * a browser on one node, until a visit ends and the next one starts wherever the balancer picks.
 */
final class UserVisits {
    private final RunPlan plan;
    private final UserSessions sessions;
    private final Optional<UserScript> script;
    /** The user's one random source, shared with its pauses: its draws stay in the order a seed fixes. */
    private final SplittableRandom random;
    private final String defaultPath;
    private final String logoutPath;
    private Optional<String> lastRoute = Optional.empty();
    /** When the current visit ends, in {@link System#nanoTime()} terms; only with a session length. */
    private OptionalLong visitEndsAtNanos = OptionalLong.empty();
    /** The sessions still to log out of once the run is over; null while it runs. */
    private List<HeldSession> endingSessions;
    private int nextEnding;

    /** One request to send: its type ({@code null} without a script), the session it goes on, whether it ends it. */
    record Request(RequestType type, HeldSession session, boolean logout) {
        /** Whether it only reads its session: a script's read-only request, not a logout. */
        boolean reads() {
            return !logout && type != null && type.serialRule() == RequestType.SerialRule.UNCHANGED;
        }
    }

    UserVisits(RunPlan plan, UserSessions sessions, Optional<UserScript> script, SplittableRandom random,
               String defaultPath) {
        this.plan = plan;
        this.sessions = sessions;
        this.script = script;
        this.random = random;
        this.defaultPath = defaultPath;
        this.logoutPath = LogoutPath.of(defaultPath);
    }

    /** The next request of the visit, or, once the visit is over, the logout of one session the user holds. */
    Request next(long nowNanos) {
        if (visitEndsAtNanos.isPresent() && nowNanos - visitEndsAtNanos.getAsLong() >= 0) {
            Optional<HeldSession> open = sessions.held().findFirst();
            if (open.isPresent()) {
                return logoutOf(open.get());
            }
            visitEndsAtNanos = OptionalLong.empty();
            lastRoute = Optional.empty();
        }
        if (visitEndsAtNanos.isEmpty() && plan.sessionLength().isPresent()) {
            visitEndsAtNanos = OptionalLong.of(nowNanos + plan.visitNanos(random));
        }
        // null without a script: every request is the profile's path on the user's one session
        RequestType drawn = script.map(mix -> mix.draw(random)).orElse(null);
        return new Request(drawn, sessions.of(drawn), false);
    }

    /** The run is over: from now on the user logs out of every session it holds, one after the other. */
    void endRun() {
        endingSessions = sessions.held().toList();
    }

    /** Whether the run is over and the user logs out of its sessions. */
    boolean ending() {
        return endingSessions != null;
    }

    /** The next logout once the run is over; empty once every session the user held is ended. */
    Optional<Request> nextLogoutAtEnd() {
        return nextEnding < endingSessions.size() ? Optional.of(logoutOf(endingSessions.get(nextEnding++)))
                : Optional.empty();
    }

    private static Request logoutOf(HeldSession held) {
        return new Request(held.lastType, held, true);
    }

    /** The node a request on {@code held} asks the balancer for: its session's, else the user's previous one's. */
    Optional<String> routeFor(HeldSession held) {
        return held.cookie.get().flatMap(SessionCookie::route).or(() -> lastRoute);
    }

    /** A script's request on {@code held} was answered: a new session of the user goes where this one is. */
    void answered(RequestType type, HeldSession held) {
        if (type != null) {
            held.cookie.get().flatMap(SessionCookie::route).ifPresent(route -> lastRoute = Optional.of(route));
        }
    }

    /** The path {@code request} is sent to. */
    String path(Request request) {
        RequestType type = request.type();
        return type == null ? request.logout() ? logoutPath : defaultPath
                : request.logout() ? LogoutPath.of(type.path()) : type.path();
    }
}

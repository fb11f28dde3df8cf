package io.replsim.loadgen.user;

import io.replsim.loadgen.check.ExpectedSession;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.UserScript;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * The sessions one user holds and their verdicts: without a script its one session of the profile's path; with
 * one, a session per app the script touches (the apps keep their state apart), each made at its first request.
 * With tabs the user's one session is the cookie its tabs share, and no verdict is kept here: the history judges it.
 * The user's thread alone reads and writes the sessions; its verdicts are published for readers on other threads
 * when one asks (summing them at every request's end allocated about 1.2 KB a request, a third of what the user's
 * whole cycle allocates: UserRequestCostBenchmark), and always as it stops.
 */
final class UserSessions {
    /** The user's only session without a script. */
    private final HeldSession single;
    /** How the nodes' apps are configured, for the state each session must show; empty for an external app. */
    private final Optional<SessionShapes> shapes;
    private final Map<RequestType.SessionKind, HeldSession> byKind = new EnumMap<>(RequestType.SessionKind.class);
    /** False with tabs: their requests overlap, so the serial oracle judges none of them. */
    private final boolean judged;
    /** Its verdicts as last published, for readers while it runs; the sessions themselves are unguarded. */
    private volatile VirtualUser.Verdicts published =
            new VirtualUser.Verdicts(SessionVerdictCounts.NONE, ResponseVerdictCounts.NONE);
    /** Set by a reader, cleared by the user's thread as it publishes. */
    private volatile boolean asked;

    UserSessions(String defaultPath, Optional<SessionShapes> shapes, Optional<UserScript> script,
                 Optional<TabsOfUser> tabs) {
        this.shapes = shapes;
        this.single = HeldSession.ofPath(defaultPath, shapes, script,
                tabs.map(TabsOfUser::cookie).orElseGet(() -> new AtomicReference<>(Optional.empty())));
        this.judged = tabs.isEmpty();
    }

    /** The session a request of {@code type} goes to; {@code null}, without a script: the user's one session. */
    HeldSession of(RequestType type) {
        return type == null ? single
                : byKind.computeIfAbsent(type.session(), kind -> new HeldSession(ExpectedSession.of(shapes, kind)));
    }

    /** Whether the user's one session (its tabs' shared one) has been made: a later tab waits for it. */
    boolean singleMade() {
        return single.cookie.get().isPresent();
    }

    /** The sessions the user holds now: those it has a cookie for and has not logged out of. */
    Stream<HeldSession> held() {
        return all().filter(held -> held.cookie.get().isPresent() && !held.loggedOut);
    }

    /** Every session the user held and judged one request at a time: none with tabs. */
    Stream<HeldSession> judgedSessions() {
        return judged ? all() : Stream.empty();
    }

    private Stream<HeldSession> all() {
        return Stream.concat(Stream.of(single), byKind.values().stream());
    }

    SessionVerdictCounts sessionVerdicts() {
        return judgedSessions().map(held -> held.expected.sessionVerdicts())
                .reduce(SessionVerdictCounts.NONE, SessionVerdictCounts::plus);
    }

    ResponseVerdictCounts responseVerdicts() {
        return judgedSessions().map(held -> held.expected.responseVerdicts())
                .reduce(ResponseVerdictCounts.NONE, ResponseVerdictCounts::plus);
    }

    long distinctSessions() {
        return judgedSessions().mapToLong(held -> held.expected.distinctSessions()).sum();
    }

    /** Makes its verdicts as of now the ones readers on other threads see. */
    void publish() {
        asked = false;
        published = new VirtualUser.Verdicts(sessionVerdicts(), responseVerdicts());
    }

    /** A request ended: its verdicts are published if a reader asked for them since they last were. */
    void publishIfAsked() {
        if (asked) {
            publish();
        }
    }

    /** Its verdicts as last published; the user publishes them again at its next request's end. */
    VirtualUser.Verdicts published() {
        asked = true;
        return published;
    }
}

package io.replsim.loadgen.script;

import io.replsim.settings.Labelled;

import java.util.Arrays;
import java.util.Optional;

/**
 * A request a user script can send: one of the workload apps of interface doc §2, all answering in the counter's
 * format. Each app keeps its own state in a session of its own (the apps do not share attributes), so a user
 * holds one session per app; the read-only {@code read} (the bean's {@code peek}) works on the bean's session,
 * and each other app has a read-only {@code <app>-read} that shows its session without writing it.
 */
public enum RequestType implements Labelled {
    /** {@code /counter}: serial + 1 and a payload whose digest never changes. */
    COUNTER("/counter", SessionKind.COUNTER, SerialRule.ADVANCES),
    /** {@code /cart}: one line item added, {@code serial} counting the lines ever added. */
    CART("/cart", SessionKind.CART, SerialRule.ADVANCES),
    /** {@code /profile}: an application-shaped session, some attributes replaced, serial + 1. */
    PROFILE("/profile", SessionKind.PROFILE, SerialRule.ADVANCES),
    /** {@code /bean}: the stateful bean's {@code increment}. */
    BEAN("/bean", SessionKind.BEAN, SerialRule.ADVANCES),
    /** {@code /bean?op=peek}: the bean's read-only {@code peek}, which replicates nothing and keeps the serial. */
    READ("/bean?op=peek", SessionKind.BEAN, SerialRule.UNCHANGED),
    /** {@code /counter?op=read}: gets the serial (an immutable Integer) and sets nothing. */
    COUNTER_READ("/counter?op=read", SessionKind.COUNTER, SerialRule.UNCHANGED),
    /** {@code /cart?op=read}: gets the cart (a mutable list) and its count, and sets nothing. */
    CART_READ("/cart?op=read", SessionKind.CART, SerialRule.UNCHANGED),
    /**
     * {@code /profile?op=read}: gets the user's name (immutable) and the attributes the last write changed
     * (mutable), and sets nothing: what the replication trigger does with reads decides what it replicates.
     */
    PROFILE_READ("/profile?op=read", SessionKind.PROFILE, SerialRule.UNCHANGED);

    /** Whose session a request works on: the apps keep their state apart, so each has its own. */
    public enum SessionKind { COUNTER, CART, PROFILE, BEAN }

    /** What a correct answer's serial does against the last one the user saw. */
    public enum SerialRule {
        /** It moves past it. */
        ADVANCES,
        /** It stays where it was (a read); lower is a stale replica. */
        UNCHANGED
    }

    private final String path;
    private final SessionKind session;
    private final SerialRule serialRule;

    RequestType(String path, SessionKind session, SerialRule serialRule) {
        this.path = path;
        this.session = session;
        this.serialRule = serialRule;
    }

    /** The request's path and query on a node. */
    public String path() {
        return path;
    }

    public SessionKind session() {
        return session;
    }

    public SerialRule serialRule() {
        return serialRule;
    }

    /**
     * Whose session a request to {@code path} works on, by the app's path (the query left aside); empty for a path
     * that is none of the replsim apps'.
     */
    public static Optional<SessionKind> sessionOfPath(String path) {
        String app = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        return Arrays.stream(values()).filter(type -> type.path().startsWith(app)
                        && (type.path().length() == app.length() || type.path().charAt(app.length()) == '?'))
                .map(RequestType::session).findFirst();
    }
}

package io.replsim.loadgen.profile;

import io.replsim.loadgen.think.ThinkMode;
import io.replsim.loadgen.think.ThinkTime;

import io.replsim.loadgen.exchange.ConnectionMode;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.loadgen.route.Balancer;
import io.replsim.loadgen.script.UserScript;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What the driver does: {@code users} closed-loop virtual users, each sending {@code GET <node><path>} and then
 * pausing for a think time drawn from {@code thinkTime}, started evenly over {@code rampUp} and stopped at
 * {@code duration} from the start. The run has three explicit phases: ramp-up, warm-up, and the steady window
 * that follows them up to the end; the validity checks and the capacity figures use the steady window only.
 *
 * @param users          virtual users, at least 1; each runs on its own virtual thread
 * @param thinkTime      the pause between requests
 * @param thinkMode      whether the pause counts from the response or from the request's start (cycle time)
 * @param rampUp         the users' start times are spread evenly over this, zero or more
 * @param warmUp         after the ramp-up, load that is driven but not measured for validity, zero or more
 * @param duration       how long the run lasts from {@link LoadDriver#start()}, ramp-up and warm-up included; longer
 *                       than both together, so the steady window is not empty
 * @param requestTimeout connect timeout and per-request timeout; a request that takes longer counts as a timeout
 * @param path           the counter app's path, e.g. {@code /counter}; must start with {@code /}; every request
 *                       goes there unless a script is given
 * @param script         a mix of request types each user draws from before every request, instead of {@code path}
 * @param connections    how requests use TCP connections: a shared pool (the default), one per user, or a new one
 *                       per request
 * @param protocol       the target's session cookie name and where its answers show the serial (the replsim apps'
 *                       unless an external cluster is driven)
 * @param sessionLength  present: how long a user keeps a session on average; then it ends it (a logout, the app's
 *                       {@code ?end}) and its next request starts a new one on whichever node the balancer picks.
 *                       Empty: a user keeps its sessions for the whole run
 * @param sessionsAtEnd  whether the users end the sessions they hold when the duration is over
 * @param runtime        what carries the users: a virtual thread each, or event loops
 * @param balancer       whether the balancer keeps a session on its node, and where it sends a dead node's sessions
 * @param seed           present: user {@code i} draws its pauses, script requests and session lengths from a stream
 *                       seeded with {@code seed + i}, so two runs of the load send each user the same requests in the
 *                       same order; empty: seeded from the clock, every run its own draws
 * @param tabs           request loops per user, at least 1: each its own pauses, all on the user's one session (its
 *                       cookie), so their requests overlap as a browser's tabs do; the users' serial oracle, which
 *                       knows one loop's own writes, judges none of them: the run's history judges those sessions
 * @param share          which of the {@code users} this driver runs: all of them, or one load agent's share, each
 *                       user with its own index (its start in the ramp-up, its seed)
 */
public record LoadProfile(int users, ThinkTime thinkTime, ThinkMode thinkMode, Duration rampUp, Duration warmUp,
                          Duration duration, Duration requestTimeout, String path, Optional<UserScript> script,
                          ConnectionMode connections, TargetProtocol protocol, Optional<Duration> sessionLength,
                          SessionsAtEnd sessionsAtEnd, UserCarrierKind runtime, Balancer balancer,
                          Optional<Integer> seed, int tabs, UserShare share) {

    /** How long a user waits for one answer unless told otherwise. */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(5);

    public LoadProfile {
        if (users < 1) {
            throw new IllegalArgumentException("users: got " + users + ", expected at least 1");
        }
        Objects.requireNonNull(thinkTime, "thinkTime");
        Objects.requireNonNull(thinkMode, "thinkMode");
        requireNonNegative(rampUp, "rampUp");
        requireNonNegative(warmUp, "warmUp");
        requirePositive(duration, "duration");
        requirePositive(requestTimeout, "requestTimeout");
        if (rampUp.compareTo(duration) > 0) {
            throw new IllegalArgumentException("rampUp: got " + rampUp + ", expected at most the duration " + duration);
        }
        if (rampUp.plus(warmUp).compareTo(duration) >= 0 && !warmUp.isZero()) {
            throw new IllegalArgumentException("warmUp: got " + warmUp + ", expected less than the duration " + duration
                    + " minus the ramp-up " + rampUp + ", so a steady window is left");
        }
        Objects.requireNonNull(path, "path");
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("path: got '" + path + "', expected a path starting with '/', e.g. /counter");
        }
        Objects.requireNonNull(script, "script");
        Objects.requireNonNull(connections, "connections");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(sessionLength, "sessionLength");
        sessionLength.ifPresent(length -> requirePositive(length, "sessionLength"));
        Objects.requireNonNull(sessionsAtEnd, "sessionsAtEnd");
        Objects.requireNonNull(runtime, "runtime");
        Objects.requireNonNull(balancer, "balancer");
        balancer.retryOnTimeout().ifPresent(retry -> {
            if (retry.compareTo(requestTimeout) >= 0) {
                throw new IllegalArgumentException("balancer.retryOnTimeout: got " + retry + ", expected less than the"
                        + " request timeout " + requestTimeout + ": the client would give up before the balancer"
                        + " retried");
            }
        });
        Objects.requireNonNull(seed, "seed");
        if (tabs < 1) {
            throw new IllegalArgumentException("tabs: got " + tabs + ", expected at least 1 (request loops per user)");
        }
        Objects.requireNonNull(share, "share");
        if (share.count(users) == 0) {
            throw new IllegalArgumentException("users: got " + users + " for agent " + share + ", expected at least "
                    + share.agent() + " so that every agent runs a user");
        }
        if (tabs > 1 && (script.isPresent() || sessionLength.isPresent())) {
            throw new IllegalArgumentException("tabs: got " + tabs + " with a " + (script.isPresent() ? "script"
                    : "session length") + "; tabs share the user's one session of " + path + " all run");
        }
    }

    /** A load against {@code path} from the defaults, its users, think time and duration still to be given. */
    public static Builder builder(String path) {
        return new Builder(path);
    }

    /** A builder that starts from this load's every setting. */
    public Builder toBuilder() {
        Builder builder = new Builder(path).users(users).thinkTime(thinkTime).thinkMode(thinkMode).rampUp(rampUp)
                .warmUp(warmUp).duration(duration).requestTimeout(requestTimeout).connections(connections)
                .protocol(protocol).sessionsAtEnd(sessionsAtEnd).runtime(runtime).balancer(balancer).tabs(tabs)
                .share(share);
        builder.script = script;
        builder.sessionLength = sessionLength;
        builder.seed = seed;
        return builder;
    }

    /** The time from the start to the steady window's start: ramp-up plus warm-up. */
    public Duration steadyStart() {
        return rampUp.plus(warmUp);
    }

    /** The steady window's length: what is left of the duration after ramp-up and warm-up (may be zero). */
    public Duration steady() {
        Duration left = duration.minus(steadyStart());
        return left.isNegative() ? Duration.ZERO : left;
    }

    private static Duration requireNonNegative(Duration value, String field) {
        Objects.requireNonNull(value, field);
        if (value.isNegative()) {
            throw new IllegalArgumentException(field + ": got " + value + ", expected zero or more");
        }
        return value;
    }

    private static void requirePositive(Duration value, String field) {
        Objects.requireNonNull(value, field);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(field + ": got " + value + ", expected more than zero");
        }
    }

    /**
     * A load one setting at a time. Users, think time and duration have no default; the rest start as a run without
     * a script does: a fixed pause counted from each response, no ramp-up or warm-up, a 5 s request timeout, one
     * shared connection pool per node, the replsim apps' protocol, sessions kept all run and after it, users on
     * virtual threads behind the default balancer. {@link #build} checks the load.
     */
    public static final class Builder {
        private int users;
        private ThinkTime thinkTime;
        private ThinkMode thinkMode = ThinkMode.AFTER_RESPONSE;
        private Duration rampUp = Duration.ZERO;
        private Duration warmUp = Duration.ZERO;
        private Duration duration;
        private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
        private String path;
        private Optional<UserScript> script = Optional.empty();
        private ConnectionMode connections = ConnectionMode.SHARED_POOL;
        private TargetProtocol protocol = TargetProtocol.REPLSIM;
        private Optional<Duration> sessionLength = Optional.empty();
        private SessionsAtEnd sessionsAtEnd = SessionsAtEnd.KEPT;
        private UserCarrierKind runtime = UserCarrierKind.EVENT_LOOP;
        private Balancer balancer = Balancer.DEFAULT;
        private Optional<Integer> seed = Optional.empty();
        private int tabs = 1;
        private UserShare share = UserShare.WHOLE;

        private Builder(String path) {
            this.path = path;
        }

        public Builder users(int value) {
            users = value;
            return this;
        }

        public Builder thinkTime(ThinkTime value) {
            thinkTime = value;
            return this;
        }

        public Builder thinkMode(ThinkMode value) {
            thinkMode = value;
            return this;
        }

        public Builder rampUp(Duration value) {
            rampUp = value;
            return this;
        }

        public Builder warmUp(Duration value) {
            warmUp = value;
            return this;
        }

        public Builder duration(Duration value) {
            duration = value;
            return this;
        }

        public Builder requestTimeout(Duration value) {
            requestTimeout = value;
            return this;
        }

        public Builder path(String value) {
            path = value;
            return this;
        }

        /** Each user draws its requests from {@code value} instead of sending every one to the path. */
        public Builder script(UserScript value) {
            script = Optional.of(value);
            return this;
        }

        public Builder connections(ConnectionMode value) {
            connections = value;
            return this;
        }

        public Builder protocol(TargetProtocol value) {
            protocol = value;
            return this;
        }

        /** Users end each session after about {@code value} and start another. */
        public Builder sessionLength(Duration value) {
            sessionLength = Optional.of(value);
            return this;
        }

        public Builder sessionsAtEnd(SessionsAtEnd value) {
            sessionsAtEnd = value;
            return this;
        }

        public Builder runtime(UserCarrierKind value) {
            runtime = value;
            return this;
        }

        public Builder balancer(Balancer value) {
            balancer = value;
            return this;
        }

        /** Each user draws from a stream seeded with {@code value} and its index, the same in every run. */
        public Builder seed(int value) {
            seed = Optional.of(value);
            return this;
        }

        /** Each user runs {@code value} request loops on its one session, as tabs of one browser. */
        public Builder tabs(int value) {
            tabs = value;
            return this;
        }

        /** This driver runs {@code value}'s users of the load alone: one load agent's share. */
        public Builder share(UserShare value) {
            share = value;
            return this;
        }

        public LoadProfile build() {
            return new LoadProfile(users, thinkTime, thinkMode, rampUp, warmUp, duration, requestTimeout, path, script,
                    connections, protocol, sessionLength, sessionsAtEnd, runtime, balancer, seed, tabs, share);
        }
    }
}

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
 */
public record LoadProfile(int users, ThinkTime thinkTime, ThinkMode thinkMode, Duration rampUp, Duration warmUp,
                          Duration duration, Duration requestTimeout, String path, Optional<UserScript> script,
                          ConnectionMode connections, TargetProtocol protocol, Optional<Duration> sessionLength,
                          SessionsAtEnd sessionsAtEnd, UserCarrierKind runtime, Balancer balancer) {

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
    }

    /** Behind the default balancer: sticky, a dead node's users spread by busyness. */
    public LoadProfile(int users, ThinkTime thinkTime, ThinkMode thinkMode, Duration rampUp, Duration warmUp,
                       Duration duration, Duration requestTimeout, String path, Optional<UserScript> script,
                       ConnectionMode connections, TargetProtocol protocol, Optional<Duration> sessionLength,
                       SessionsAtEnd sessionsAtEnd, UserCarrierKind runtime) {
        this(users, thinkTime, thinkMode, rampUp, warmUp, duration, requestTimeout, path, script, connections, protocol,
                sessionLength, sessionsAtEnd, runtime, Balancer.DEFAULT);
    }

    /** Users on virtual threads. */
    public LoadProfile(int users, ThinkTime thinkTime, ThinkMode thinkMode, Duration rampUp, Duration warmUp,
                       Duration duration, Duration requestTimeout, String path, Optional<UserScript> script,
                       ConnectionMode connections, TargetProtocol protocol, Optional<Duration> sessionLength,
                       SessionsAtEnd sessionsAtEnd) {
        this(users, thinkTime, thinkMode, rampUp, warmUp, duration, requestTimeout, path, script, connections, protocol,
                sessionLength, sessionsAtEnd, UserCarrierKind.VIRTUAL_THREADS);
    }

    /** A load whose users keep their sessions when it ends. */
    public LoadProfile(int users, ThinkTime thinkTime, ThinkMode thinkMode, Duration rampUp, Duration warmUp,
                       Duration duration, Duration requestTimeout, String path, Optional<UserScript> script,
                       ConnectionMode connections, TargetProtocol protocol, Optional<Duration> sessionLength) {
        this(users, thinkTime, thinkMode, rampUp, warmUp, duration, requestTimeout, path, script, connections, protocol,
                sessionLength, SessionsAtEnd.KEPT);
    }

    /** Every request to {@code path}: the load without a script. */
    public LoadProfile(int users, ThinkTime thinkTime, ThinkMode thinkMode, Duration rampUp, Duration warmUp,
                       Duration duration, Duration requestTimeout, String path) {
        this(users, thinkTime, thinkMode, rampUp, warmUp, duration, requestTimeout, path, Optional.empty(),
                ConnectionMode.SHARED_POOL, TargetProtocol.REPLSIM, Optional.empty());
    }

    /** The same load with each user drawing its requests from {@code script}. */
    public LoadProfile withScript(UserScript script) {
        return new LoadProfile(users, thinkTime, thinkMode, rampUp, warmUp, duration, requestTimeout, path,
                Optional.of(script), connections, protocol, sessionLength, sessionsAtEnd, runtime, balancer);
    }

    /** The same load with its requests using connections as {@code mode} says. */
    public LoadProfile withConnections(ConnectionMode mode) {
        return new LoadProfile(users, thinkTime, thinkMode, rampUp, warmUp, duration, requestTimeout, path, script,
                mode, protocol, sessionLength, sessionsAtEnd, runtime, balancer);
    }

    /** The same load against a target that speaks {@code protocol}. */
    public LoadProfile withProtocol(TargetProtocol protocol) {
        return new LoadProfile(users, thinkTime, thinkMode, rampUp, warmUp, duration, requestTimeout, path, script,
                connections, protocol, sessionLength, sessionsAtEnd, runtime, balancer);
    }

    /** The same load with users ending each session after about {@code length} and starting another. */
    public LoadProfile withSessionLength(Duration length) {
        return new LoadProfile(users, thinkTime, thinkMode, rampUp, warmUp, duration, requestTimeout, path, script,
                connections, protocol, Optional.of(length), sessionsAtEnd, runtime, balancer);
    }

    /** The same load with the users ending the sessions they hold when it is over. */
    public LoadProfile withSessionsEndedAtEnd() {
        return new LoadProfile(users, thinkTime, thinkMode, rampUp, warmUp, duration, requestTimeout, path, script,
                connections, protocol, sessionLength, SessionsAtEnd.ENDED, runtime, balancer);
    }

    /** The same load behind {@code router}'s kind of balancer. */
    public LoadProfile withBalancer(Balancer router) {
        return new LoadProfile(users, thinkTime, thinkMode, rampUp, warmUp, duration, requestTimeout, path, script,
                connections, protocol, sessionLength, sessionsAtEnd, runtime, router);
    }

    /** The same load with its users carried by {@code runtime}. */
    public LoadProfile withRuntime(UserCarrierKind runtime) {
        return new LoadProfile(users, thinkTime, thinkMode, rampUp, warmUp, duration, requestTimeout, path, script,
                connections, protocol, sessionLength, sessionsAtEnd, runtime, balancer);
    }

    /** A fixed think time after each response and no warm-up: the steady window starts when the ramp-up ends. */
    public LoadProfile(int users, Duration thinkTime, Duration rampUp, Duration duration, Duration requestTimeout,
                       String path) {
        this(users, new ThinkTime.Fixed(requireNonNegative(thinkTime, "thinkTime")), ThinkMode.AFTER_RESPONSE, rampUp,
                Duration.ZERO, duration, requestTimeout, path);
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
}

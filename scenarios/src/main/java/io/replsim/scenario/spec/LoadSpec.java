package io.replsim.scenario.spec;

import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.exchange.ConnectionMode;
import io.replsim.loadgen.open.OpenProfile;
import io.replsim.loadgen.route.Balancer;
import io.replsim.loadgen.script.UserScript;
import io.replsim.loadgen.script.WeightedRequest;
import io.replsim.loadgen.think.ThinkMode;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The closed-loop load: {@code users} virtual users, each sending a request, waiting for the answer, then thinking.
 * The load runs in three explicit phases: ramp-up (users start), warm-up (load, not judged), then the steady window
 * up to the end of {@code duration}, which the validity checks and the capacity search use.
 *
 * @param thinkTime         the mean pause between requests
 * @param rampUp            the time over which the users start, evenly spread
 * @param duration          the whole load phase, ramp-up and warm-up included
 * @param requestTimeout    how long a user waits for one response before counting a timeout
 * @param thinkDistribution how pauses spread around {@code thinkTime}
 * @param thinkMode         whether a pause counts from the response or from the request's start (cycle time)
 * @param warmUp            after the ramp-up, load that is driven but not judged
 * @param script            the request types each user draws from by weight; empty: every request goes to the
 *                          workload's app, as before scripts existed
 * @param open              present for {@code model: open}: requests arrive at a rate instead of from users; then
 *                          {@code users} is the open model's sessions, and think time and ramp-up are zero (the
 *                          reader refuses them)
 * @param connections       how the closed model's requests use TCP connections: a shared pool, one per user, or a
 *                          new one per request
 * @param sessionLength     present: users end their sessions after about this long (a logout) and start new ones,
 *                          which the balancer spreads over the live nodes; empty: a user keeps its sessions all run
 * @param runtime           what carries the closed model's users: a virtual thread each, or event loops
 * @param balancer          the scenario's {@code balancer} section: sticky or not, and where a dead node's users go
 * @param history           whether the driver records every request in the run directory's history.jsonl, which
 *                          the consistency checker judges at the end of the run (docs/drills.md, "Session
 *                          consistency"); off by default: a line is about 200 bytes, a capacity step tens of MB
 */
public record LoadSpec(int users, Duration thinkTime, Duration rampUp, Duration duration, Duration requestTimeout,
                       ThinkDistribution thinkDistribution, ThinkMode thinkMode, Duration warmUp,
                       List<WeightedRequest> script, Optional<OpenModel> open, ConnectionMode connections,
                       Optional<Duration> sessionLength, UserCarrierKind runtime, Balancer balancer,
                       boolean history) {

    public static final Duration DEFAULT_RAMP_UP = Duration.ZERO;
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(5);
    public static final ThinkDistribution DEFAULT_THINK_DISTRIBUTION = ThinkDistribution.FIXED;
    public static final ThinkMode DEFAULT_THINK_MODE = ThinkMode.AFTER_RESPONSE;
    public static final Duration DEFAULT_WARM_UP = Duration.ZERO;
    public static final ConnectionMode DEFAULT_CONNECTIONS = ConnectionMode.SHARED_POOL;
    public static final UserCarrierKind DEFAULT_RUNTIME = UserCarrierKind.VIRTUAL_THREADS;

    public LoadSpec {
        Objects.requireNonNull(thinkTime, "thinkTime");
        Objects.requireNonNull(rampUp, "rampUp");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        Objects.requireNonNull(thinkDistribution, "thinkDistribution");
        Objects.requireNonNull(thinkMode, "thinkMode");
        Objects.requireNonNull(warmUp, "warmUp");
        script = List.copyOf(script);
        Objects.requireNonNull(open, "open");
        Objects.requireNonNull(connections, "connections");
        Objects.requireNonNull(sessionLength, "sessionLength");
        Objects.requireNonNull(runtime, "runtime");
        Objects.requireNonNull(balancer, "balancer");
        if (users < 1 || thinkTime.isNegative() || rampUp.isNegative() || warmUp.isNegative()
                || !duration.isPositive() || !requestTimeout.isPositive()
                || rampUp.plus(warmUp).compareTo(duration) >= 0) {
            throw new IllegalArgumentException("a load has at least 1 user, no negative times, a positive duration"
                    + " longer than ramp-up and warm-up together and a positive request timeout, got " + users
                    + " users, thinkTime " + thinkTime + ", rampUp " + rampUp + ", warmUp " + warmUp + ", duration "
                    + duration + ", requestTimeout " + requestTimeout);
        }
    }

    /** A load that keeps no history. */
    public LoadSpec(int users, Duration thinkTime, Duration rampUp, Duration duration, Duration requestTimeout,
                    ThinkDistribution thinkDistribution, ThinkMode thinkMode, Duration warmUp,
                    List<WeightedRequest> script, Optional<OpenModel> open, ConnectionMode connections,
                    Optional<Duration> sessionLength, UserCarrierKind runtime, Balancer balancer) {
        this(users, thinkTime, rampUp, duration, requestTimeout, thinkDistribution, thinkMode, warmUp, script, open,
                connections, sessionLength, runtime, balancer, false);
    }

    /** Behind the default balancer (sticky, a dead node's users spread by busyness). */
    public LoadSpec(int users, Duration thinkTime, Duration rampUp, Duration duration, Duration requestTimeout,
                    ThinkDistribution thinkDistribution, ThinkMode thinkMode, Duration warmUp,
                    List<WeightedRequest> script, Optional<OpenModel> open, ConnectionMode connections,
                    Optional<Duration> sessionLength, UserCarrierKind runtime) {
        this(users, thinkTime, rampUp, duration, requestTimeout, thinkDistribution, thinkMode, warmUp, script, open,
                connections, sessionLength, runtime, Balancer.DEFAULT);
    }

    /** A load whose users run on virtual threads. */
    public LoadSpec(int users, Duration thinkTime, Duration rampUp, Duration duration, Duration requestTimeout,
                    ThinkDistribution thinkDistribution, ThinkMode thinkMode, Duration warmUp,
                    List<WeightedRequest> script, Optional<OpenModel> open, ConnectionMode connections,
                    Optional<Duration> sessionLength) {
        this(users, thinkTime, rampUp, duration, requestTimeout, thinkDistribution, thinkMode, warmUp, script, open,
                connections, sessionLength, DEFAULT_RUNTIME);
    }

    /** A closed-model load without a script. */
    public LoadSpec(int users, Duration thinkTime, Duration rampUp, Duration duration, Duration requestTimeout,
                    ThinkDistribution thinkDistribution, ThinkMode thinkMode, Duration warmUp) {
        this(users, thinkTime, rampUp, duration, requestTimeout, thinkDistribution, thinkMode, warmUp, List.of(),
                Optional.empty(), DEFAULT_CONNECTIONS, Optional.empty());
    }

    /** Fixed think time after each response, no warm-up: the load as the first scenario files wrote it. */
    public LoadSpec(int users, Duration thinkTime, Duration rampUp, Duration duration, Duration requestTimeout) {
        this(users, thinkTime, rampUp, duration, requestTimeout, DEFAULT_THINK_DISTRIBUTION, DEFAULT_THINK_MODE,
                DEFAULT_WARM_UP);
    }

    /** The same load with another number of users: one step of a capacity search. */
    public LoadSpec withUsers(int count) {
        return new LoadSpec(count, thinkTime, rampUp, duration, requestTimeout, thinkDistribution, thinkMode, warmUp,
                script, open, connections, sessionLength, runtime, balancer, history);
    }

    /** The same open load with arrivals at {@code perSecond}: one step of a capacity search over the rate. */
    public LoadSpec withRate(double perSecond) {
        OpenModel model = open.orElseThrow(() -> new IllegalStateException("a closed-model load has no rate"));
        return new LoadSpec(users, thinkTime, rampUp, duration, requestTimeout, thinkDistribution, thinkMode, warmUp,
                script, Optional.of(new OpenModel(model.arrivals(), perSecond, model.sessions())), connections,
                sessionLength, runtime, balancer, history);
    }

    /**
     * The same load with a steady window of {@code window}: its ramp-up and warm-up as they are, its duration moved
     * to fit. A capacity search's boundary steps run longer windows than its other steps.
     */
    public LoadSpec withSteadyWindow(Duration window) {
        if (!window.isPositive()) {
            throw new IllegalArgumentException("a steady window is longer than 0, got " + window);
        }
        return new LoadSpec(users, thinkTime, rampUp, steadyStart().plus(window), requestTimeout, thinkDistribution,
                thinkMode, warmUp, script, open, connections, sessionLength, runtime, balancer, history);
    }

    /** The same load behind {@code router}'s kind of balancer. */
    public LoadSpec withBalancer(Balancer router) {
        return new LoadSpec(users, thinkTime, rampUp, duration, requestTimeout, thinkDistribution, thinkMode, warmUp,
                script, open, connections, sessionLength, runtime, router, history);
    }

    public boolean isOpen() {
        return open.isPresent();
    }

    /** From the start of the load to the steady window's start. */
    public Duration steadyStart() {
        return rampUp.plus(warmUp);
    }

    /** The steady window's length. */
    public Duration steady() {
        return duration.minus(steadyStart());
    }

    /** What the driver runs for this load against the app at {@code path} (the script's types, if it has one). */
    public LoadProfile toProfile(String path) {
        LoadProfile.Builder profile = LoadProfile.builder(path).users(users)
                .thinkTime(thinkDistribution.withMean(thinkTime)).thinkMode(thinkMode).rampUp(rampUp).warmUp(warmUp)
                .duration(duration).requestTimeout(requestTimeout).connections(connections).runtime(runtime)
                .balancer(balancer);
        if (!script.isEmpty()) {
            profile.script(new UserScript(script));
        }
        sessionLength.ifPresent(profile::sessionLength);
        return profile.build();
    }

    /** What the open-model driver runs for this load against the app at {@code path}; only for {@code model: open}. */
    public OpenProfile toOpenProfile(String path) {
        return toOpenProfile(path, SessionShapes.DEFAULT);
    }

    /** The same, against nodes whose apps are configured as {@code shapes} says. */
    public OpenProfile toOpenProfile(String path, SessionShapes shapes) {
        OpenModel model = open.orElseThrow(() -> new IllegalStateException("a closed-model load has no open profile"));
        return new OpenProfile(model.arrivals().at(model.ratePerSecond()), model.sessions(), warmUp, duration,
                requestTimeout, path, shapes);
    }
}

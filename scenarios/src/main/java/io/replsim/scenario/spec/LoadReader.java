package io.replsim.scenario.spec;

import io.replsim.loadgen.exchange.ConnectionMode;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.route.Balancer;
import io.replsim.loadgen.script.WeightedRequest;
import io.replsim.loadgen.think.ThinkMode;
import io.replsim.settings.DurationText;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Reads the {@code load} section. Keeps the load's duration on its own as well: faults are checked against it
 * even when another load field is wrong, so one pass still finds a fault scheduled after the end.
 */
final class LoadReader {

    static final List<String> FIELDS = List.of("users", "thinkTime", "rampUp", "duration", "requestTimeout",
            "thinkDistribution", "thinkMode", "warmUp", "script", "model", "rate", "arrivals", "sessions", "connections",
            "sessionLength", "runtime", "history");
    /** The fields that describe users and their pauses: meaningless when requests arrive on a schedule. */
    static final List<String> CLOSED_ONLY = List.of("users", "thinkTime", "thinkDistribution", "thinkMode", "rampUp");
    static final List<String> OPEN_ONLY = List.of("rate", "arrivals", "sessions");

    private static final int MAX_USERS = 100_000;
    private static final double MAX_RATE = 1_000_000;
    /**
     * The longest load, and the longest any other stretch of a scenario's time may be (a fault's period, a check's
     * bound). Not ReplicationSettings.LONGEST_INTERVAL, also 24 h: that bounds a node's own timers, this the run's.
     */
    static final Duration LONGEST_SPAN = Duration.ofHours(24);
    /**
     * The longest a load driver's request may wait for its answer; the clients count it in whole milliseconds, as an
     * int. Not ReplicationSettings.LONGEST_SYNC_TIMEOUT, also 10 min: that is a node's wait for its backups' acks.
     */
    static final Duration LONGEST_REQUEST_TIMEOUT = Duration.ofMinutes(10);
    /** The longest pause between a user's requests: longer, and a run sees each user once. */
    static final Duration LONGEST_THINK_TIME = Duration.ofHours(1);

    private final Optional<Duration> duration;
    private final Optional<LoadSpec> spec;

    LoadReader(MapReader load) {
        LoadModel model = load.choice("model", LoadModel.class, "a load model").orElse(LoadModel.CLOSED);
        if (model == LoadModel.OPEN) {
            duration = duration(load);
            spec = readOpen(load);
        } else {
            Optional<Long> users = load.wholeNumber("users", 1, MAX_USERS).required();
            Optional<Duration> thinkTime = load.duration("thinkTime")
                    .must(think -> think.compareTo(LONGEST_THINK_TIME) <= 0,
                            "a duration from 0s (no pause) to 1h, such as 500ms")
                    .required();
            duration = duration(load);
            spec = readClosed(load, users, thinkTime);
        }
    }

    private static Optional<Duration> duration(MapReader load) {
        return load.duration("duration")
                .must(length -> length.isPositive() && length.compareTo(LONGEST_SPAN) <= 0,
                        "a duration above 0s and at most 24h, such as 45s")
                .required();
    }

    private static Duration requestTimeout(MapReader load) {
        return load.duration("requestTimeout")
                .must(timeout -> timeout.isPositive() && timeout.compareTo(LONGEST_REQUEST_TIMEOUT) <= 0,
                        "a duration above 0s and at most 10m, such as 5s")
                .orElse(LoadSpec.DEFAULT_REQUEST_TIMEOUT);
    }

    private Optional<LoadSpec> readClosed(MapReader load, Optional<Long> users, Optional<Duration> thinkTime) {
        Duration rampUp = load.duration("rampUp")
                .must(ramp -> duration.map(length -> ramp.compareTo(length) < 0).orElse(true),
                        "a duration shorter than load.duration" + duration.map(LoadReader::inBrackets).orElse(""))
                .orElse(LoadSpec.DEFAULT_RAMP_UP);
        Duration requestTimeout = requestTimeout(load);
        ThinkDistribution distribution = load.choice("thinkDistribution", ThinkDistribution.class,
                "a think-time distribution").orElse(LoadSpec.DEFAULT_THINK_DISTRIBUTION);
        ThinkMode mode = load.choice("thinkMode", ThinkMode.class, "a think mode").orElse(LoadSpec.DEFAULT_THINK_MODE);
        Duration warmUp = warmUp(load, rampUp);
        Optional<List<WeightedRequest>> script = ScriptReader.read(load);
        ConnectionMode connections = load.choice("connections", ConnectionMode.class, "a connection mode")
                .orElse(LoadSpec.DEFAULT_CONNECTIONS);
        Optional<Duration> sessionLength = load.duration("sessionLength")
                .must(length -> length.isPositive() && length.compareTo(LONGEST_SPAN) <= 0, "a duration above 0s and"
                        + " at most 24h, such as 1m: how long a user keeps a session before its logout")
                .optional();
        UserCarrierKind runtime = load.choice("runtime", UserCarrierKind.class, "a user runtime")
                .orElse(LoadSpec.DEFAULT_RUNTIME);
        boolean history = load.flag("history").orElse(false);
        for (String field : OPEN_ONLY) {
            refuse(load, field, "no " + field + " unless load.model is open (a closed load is set by load.users)");
        }
        return users.flatMap(count -> thinkTime.flatMap(think -> duration.map(length ->
                new LoadSpec(count.intValue(), think, rampUp, length, requestTimeout, distribution, mode, warmUp,
                        script.orElse(List.of()), Optional.empty(), connections, sessionLength, runtime,
                        Balancer.DEFAULT, history))));
    }

    private Optional<LoadSpec> readOpen(MapReader load) {
        Duration requestTimeout = requestTimeout(load);
        for (String field : CLOSED_ONLY) {
            refuse(load, field, "no " + field + " with load.model open: its load is set by load.rate (arrivals a"
                    + " second) and load.sessions; leave " + load.pathOf(field) + " out");
        }
        refuse(load, "script", "no script with load.model open (not built yet): use the closed model, or leave"
                + " load.script out to send the workload's app");
        refuse(load, "sessionLength", "no sessionLength with load.model open (not built yet: its sessions last the"
                + " whole run); leave load.sessionLength out");
        refuse(load, "connections", "no connections with load.model open (not built yet: the open model uses a"
                + " shared pool); leave load.connections out");
        refuse(load, "history", "no history with load.model open (not built yet: only closed-model users record"
                + " one); use the closed model, or leave load.history out");
        refuse(load, "runtime", "no runtime with load.model open (its arrivals are virtual threads; the event-loop"
                + " runtime carries closed-model users only); leave load.runtime out");
        String rateExpected = "arrivals a second above 0 and at most 1000000, such as 200";
        Optional<Double> rate = load.number("rate", rateExpected)
                .must(value -> value > 0 && value <= MAX_RATE, rateExpected)
                .required();
        ArrivalKind arrivals = load.choice("arrivals", ArrivalKind.class, "an arrival process")
                .orElse(OpenModel.DEFAULT_ARRIVALS);
        int sessions = load.wholeNumber("sessions", 1, MAX_USERS).orElse((long) OpenModel.DEFAULT_SESSIONS).intValue();
        Duration warmUp = warmUp(load, Duration.ZERO);
        return rate.flatMap(perSecond -> duration.map(length -> new LoadSpec(sessions, Duration.ZERO, Duration.ZERO,
                length, requestTimeout, LoadSpec.DEFAULT_THINK_DISTRIBUTION, LoadSpec.DEFAULT_THINK_MODE, warmUp,
                List.of(), Optional.of(new OpenModel(arrivals, perSecond, sessions)), LoadSpec.DEFAULT_CONNECTIONS,
                Optional.empty())));
    }

    /** The steady window is what is left after ramp-up and warm-up; it must not be empty. */
    private Duration warmUp(MapReader load, Duration rampUp) {
        return load.duration("warmUp")
                .must(warm -> duration.map(length -> rampUp.plus(warm).compareTo(length) < 0).orElse(true),
                        "a duration that leaves a steady window: load.rampUp + load.warmUp shorter than load.duration"
                                + duration.map(LoadReader::inBrackets).orElse(""))
                .orElse(LoadSpec.DEFAULT_WARM_UP);
    }

    /** Reports {@code field} when it is written at all: it has no meaning in this model. */
    private static void refuse(MapReader load, String field, String expected) {
        load.text(field, expected).must(text -> false, expected);
    }

    /** The load's duration, when the file states a valid one. */
    Optional<Duration> duration() {
        return duration;
    }

    /** The whole load, when every field of it is valid. */
    Optional<LoadSpec> spec() {
        return spec;
    }

    static String inBrackets(Duration duration) {
        return " (" + DurationText.format(duration) + ")";
    }
}

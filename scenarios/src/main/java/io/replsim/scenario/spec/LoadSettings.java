package io.replsim.scenario.spec;

import io.replsim.loadgen.exchange.ConnectionMode;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.script.UserScript;
import io.replsim.loadgen.script.WeightedRequest;
import io.replsim.loadgen.think.ThinkMode;
import io.replsim.loadgen.think.ThinkTime;
import io.replsim.settings.DurationText;
import io.replsim.settings.Grammar;
import io.replsim.settings.Setting;
import io.replsim.settings.SettingsGroup;
import io.replsim.settings.SettingsSource;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The {@code load} section's settings ({@link LoadSpec}), each declared once the way a node's are: its field, its
 * grammar and rule, its value in the spec (whose {@link #defaults} are the defaults), and in its comment what it
 * means. The closed model's users and the open model's arrivals share a duration, a warm-up and a request timeout;
 * each model refuses the other's fields by name, so a file never looks like it asks for what it does not get. A new
 * knob is a component of the record it sets (the driver's {@link LoadProfile}, or {@link LoadSpec} for what only the
 * runner uses), a setting here in the file's order and its line in the reading.
 */
final class LoadSettings {

    private static final String SECTION = "load";
    private static final int MAX_USERS = 100_000;
    /** More tabs than a browser user keeps open would only multiply the users. */
    private static final int MAX_TABS = 16;
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
    private static final Duration LONGEST_THINK_TIME = Duration.ofHours(1);
    private static final String RATE_EXPECTED = "arrivals a second above 0 and at most 1000000, such as 200";

    /** The closed model's virtual users: each sends a request, waits for its answer, thinks, again. Required. */
    static final Setting<LoadSpec, Integer> USERS = Setting.of("users", Grammar.wholeNumber(1, MAX_USERS),
            LoadSpec::users);
    /** The mean pause between a user's requests. Required. */
    static final Setting<LoadSpec, Duration> THINK_TIME = Setting.of("thinkTime", Grammar.duration(),
                    LoadSpec::thinkTime)
            .must(think -> think.compareTo(LONGEST_THINK_TIME) <= 0,
                    "a duration from 0s (no pause) to 1h, such as 500ms");
    /** The time over which the users start, evenly spread. */
    static final Setting<LoadSpec, Duration> RAMP_UP = Setting.of("rampUp", Grammar.duration(), LoadSpec::rampUp);
    /** The whole load, ramp-up and warm-up included. Required. */
    static final Setting<LoadSpec, Duration> DURATION = Setting.of("duration", Grammar.duration(),
                    LoadSpec::duration)
            .must(length -> length.isPositive() && length.compareTo(LONGEST_SPAN) <= 0,
                    "a duration above 0s and at most 24h, such as 45s");
    /** How long a user waits for one answer before counting a timeout. */
    static final Setting<LoadSpec, Duration> REQUEST_TIMEOUT = Setting.of("requestTimeout", Grammar.duration(),
                    LoadSpec::requestTimeout)
            .must(timeout -> timeout.isPositive() && timeout.compareTo(LONGEST_REQUEST_TIMEOUT) <= 0,
                    "a duration above 0s and at most 10m, such as 5s");
    /** How the pauses spread around the think time, which is always their mean. */
    static final Setting<LoadSpec, ThinkDistribution> THINK_DISTRIBUTION = Setting.of("thinkDistribution",
            Grammar.choice("a think-time distribution", ThinkDistribution.class), LoadSpec::thinkDistribution);
    /** Whether a pause counts from the answer or from the request's start (a cycle time). */
    static final Setting<LoadSpec, ThinkMode> THINK_MODE = Setting.of("thinkMode",
            Grammar.choice("a think mode", ThinkMode.class), (LoadSpec spec) -> spec.profile().thinkMode());
    /** After the ramp-up, load that is driven but not judged. */
    static final Setting<LoadSpec, Duration> WARM_UP = Setting.of("warmUp", Grammar.duration(), LoadSpec::warmUp);
    /** The request types each user draws from by weight; a list, read in its own form ({@link ScriptReader}). */
    static final Setting<LoadSpec, List<WeightedRequest>> SCRIPT = Setting.of("script",
            new Grammar<>(text -> Optional.empty(), Object::toString, text -> ScriptReader.EXPECTED),
            LoadSpec::script);
    /** Whether users wait for their answers (closed) or requests arrive on a schedule (open). */
    static final Setting<LoadSpec, LoadModel> MODEL = Setting.of("model", Grammar.choice("a load model",
            LoadModel.class), (LoadSpec spec) -> spec.isOpen() ? LoadModel.OPEN : LoadModel.CLOSED);
    /** The open model's arrivals a second. Required with it. */
    static final Setting<LoadSpec, Double> RATE = Setting.of("rate", Grammar.number(RATE_EXPECTED),
                    (LoadSpec spec) -> spec.open().orElseThrow().ratePerSecond())
            .must(rate -> rate > 0 && rate <= MAX_RATE, RATE_EXPECTED);
    /** How the open model's requests arrive at the rate. */
    static final Setting<LoadSpec, ArrivalKind> ARRIVALS = Setting.of("arrivals",
            Grammar.choice("an arrival process", ArrivalKind.class),
            (LoadSpec spec) -> spec.open().map(OpenModel::arrivals).orElse(OpenModel.DEFAULT_ARRIVALS));
    /** The open model's sessions, each serving one request at a time. */
    static final Setting<LoadSpec, Integer> SESSIONS = Setting.of("sessions", Grammar.wholeNumber(1, MAX_USERS),
            (LoadSpec spec) -> spec.open().map(OpenModel::sessions).orElse(OpenModel.DEFAULT_SESSIONS));
    /** How the closed model's requests use TCP connections. */
    static final Setting<LoadSpec, ConnectionMode> CONNECTIONS = Setting.of("connections",
            Grammar.choice("a connection mode", ConnectionMode.class), (LoadSpec spec) -> spec.profile().connections());
    /** How long a user keeps a session before its logout; absent, a user keeps its sessions all run. */
    static final Setting<LoadSpec, Duration> SESSION_LENGTH = Setting.of("sessionLength", Grammar.duration(),
                    (LoadSpec spec) -> spec.profile().sessionLength().orElseThrow())
            .must(length -> length.isPositive() && length.compareTo(LONGEST_SPAN) <= 0, "a duration above 0s and at"
                    + " most 24h, such as 1m: how long a user keeps a session before its logout");
    /** What carries the closed model's users: a virtual thread each, or event loops. */
    static final Setting<LoadSpec, UserCarrierKind> RUNTIME = Setting.of("runtime",
            Grammar.choice("a user runtime", UserCarrierKind.class), (LoadSpec spec) -> spec.profile().runtime());
    /** Whether the driver records every request for the consistency checker (docs/drills.md). */
    static final Setting<LoadSpec, Boolean> HISTORY = Setting.of("history", Grammar.bool("true or false"),
            LoadSpec::history);

    /** Where the users' random draws start: the same seed, the same requests in the same order each run. */
    static final Setting<LoadSpec, Integer> SEED = Setting.of("seed", Grammar.wholeNumber(0, Integer.MAX_VALUE),
            (LoadSpec spec) -> spec.profile().seed().orElseThrow());

    /**
     * Request loops per user, each with its own pauses, all on the user's one session (a browser's tabs): their
     * requests overlap, so the history judges the session, not the users' serial oracle.
     */
    static final Setting<LoadSpec, Integer> TABS = Setting.of("tabs", Grammar.wholeNumber(1, MAX_TABS),
            (LoadSpec spec) -> spec.profile().tabs());

    /** In the order a file's load section lists its fields. */
    static final SettingsGroup<LoadSpec> GROUP = SettingsGroup.of(LoadSettings::read, USERS, THINK_TIME, RAMP_UP,
            DURATION, REQUEST_TIMEOUT, THINK_DISTRIBUTION, THINK_MODE, WARM_UP, SCRIPT, MODEL, RATE, ARRIVALS, SESSIONS,
            CONNECTIONS, SESSION_LENGTH, RUNTIME, HISTORY, SEED, TABS);

    private static final List<Setting<LoadSpec, ?>> OPEN_ONLY = List.of(RATE, ARRIVALS, SESSIONS);
    /** The fields that describe users and their pauses: meaningless when requests arrive on a schedule. */
    private static final List<Setting<LoadSpec, ?>> CLOSED_ONLY = List.of(USERS, THINK_TIME, THINK_DISTRIBUTION,
            THINK_MODE, RAMP_UP);

    private LoadSettings() {
    }

    /**
     * What each field is when the file leaves it out: the driver's own defaults ({@link LoadProfile.Builder}) against
     * the workload's {@code path}, the closed model, no history. Users, think time and duration have none (nor the
     * open model's rate): a file must give them, and the values here only stand in while the reading goes on.
     */
    static LoadSpec defaults(String path) {
        return new LoadSpec(LoadProfile.builder(path).users(1).thinkTime(new ThinkTime.Fixed(Duration.ZERO))
                .duration(Duration.ofSeconds(1)).build(), Optional.empty(), false);
    }

    /** {@code (45s)}: a duration as the file writes it, for a problem that names it. */
    static String inBrackets(Duration duration) {
        return " (" + DurationText.format(duration) + ")";
    }

    /** The defaults when a field the section cannot do without is missing or wrong: no load is made of it then. */
    private static LoadSpec read(SettingsSource in, LoadSpec defaults) {
        return MODEL.readFrom(in, defaults) == LoadModel.OPEN ? readOpen(in, defaults) : readClosed(in, defaults);
    }

    private static LoadSpec readClosed(SettingsSource in, LoadSpec defaults) {
        Optional<Integer> users = in.required(USERS);
        Optional<Duration> thinkTime = in.required(THINK_TIME);
        Optional<Duration> duration = in.required(DURATION);
        Duration rampUp = endingBefore(in, RAMP_UP, Duration.ZERO, duration, defaults,
                "a duration shorter than " + pathOf(DURATION));
        Duration requestTimeout = REQUEST_TIMEOUT.readFrom(in, defaults);
        ThinkDistribution distribution = THINK_DISTRIBUTION.readFrom(in, defaults);
        ThinkMode mode = THINK_MODE.readFrom(in, defaults);
        Duration warmUp = endingBefore(in, WARM_UP, rampUp, duration, defaults, steadyWindowLeft());
        Optional<List<WeightedRequest>> script = in.value(SCRIPT);
        ConnectionMode connections = CONNECTIONS.readFrom(in, defaults);
        Optional<Duration> sessionLength = in.value(SESSION_LENGTH);
        UserCarrierKind runtime = RUNTIME.readFrom(in, defaults);
        boolean history = HISTORY.readFrom(in, defaults);
        Optional<Integer> seed = in.value(SEED);
        int tabs = readTabs(in, defaults, script.isPresent(), sessionLength.isPresent(), history);
        for (Setting<LoadSpec, ?> open : OPEN_ONLY) {
            in.refuse(open, "no " + open.path() + " unless " + pathOf(MODEL) + " is open (a closed load is set by "
                    + pathOf(USERS) + ")");
        }
        if (users.isEmpty() || thinkTime.isEmpty() || duration.isEmpty()) {
            return defaults;
        }
        LoadProfile.Builder profile = defaults.profile().toBuilder().users(users.get())
                .thinkTime(distribution.withMean(thinkTime.get())).thinkMode(mode).rampUp(rampUp).warmUp(warmUp)
                .duration(duration.get()).requestTimeout(requestTimeout).connections(connections).runtime(runtime)
                .tabs(tabs);
        script.map(UserScript::new).ifPresent(profile::script);
        sessionLength.ifPresent(profile::sessionLength);
        seed.ifPresent(profile::seed);
        return new LoadSpec(profile.build(), Optional.empty(), history);
    }

    /**
     * The tabs, 1 when more cannot work: tabs share the user's one session of the workload's app, which a script's
     * sessions per app and a session length's logouts would split, and only the history judges overlapping requests.
     */
    private static int readTabs(SettingsSource in, LoadSpec defaults, boolean script, boolean sessionLength,
                                boolean history) {
        int tabs = TABS.readFrom(in, defaults);
        if (tabs == 1) {
            return tabs;
        }
        if (script) {
            in.problem(TABS, "1, or leave " + pathOf(SCRIPT) + " out (not built yet: tabs share the user's one session"
                    + " of the workload's app, and a script's requests go to a session per app)");
        } else if (sessionLength) {
            in.problem(TABS, "1, or leave " + pathOf(SESSION_LENGTH) + " out (not built yet: tabs share the user's"
                    + " one session all run, and a visit's logout in one tab would end it under the others)");
        } else if (!history) {
            in.problem(TABS, "1, or add history: true to load: the users' serial oracle judges one request at a time"
                    + " and cannot order the overlapping requests of " + tabs + " tabs, so only the history's checker"
                    + " judges their session");
        } else {
            return tabs;
        }
        return 1;
    }

    private static LoadSpec readOpen(SettingsSource in, LoadSpec defaults) {
        Optional<Duration> duration = in.required(DURATION);
        Duration requestTimeout = REQUEST_TIMEOUT.readFrom(in, defaults);
        for (Setting<LoadSpec, ?> closed : CLOSED_ONLY) {
            in.refuse(closed, "no " + closed.path() + " with " + pathOf(MODEL) + " open: its load is set by "
                    + pathOf(RATE) + " (arrivals a second) and " + pathOf(SESSIONS) + "; leave " + pathOf(closed)
                    + " out");
        }
        in.refuse(SCRIPT, "no script with " + pathOf(MODEL) + " open (not built yet): use the closed model, or leave "
                + pathOf(SCRIPT) + " out to send the workload's app");
        in.refuse(SESSION_LENGTH, "no sessionLength with " + pathOf(MODEL) + " open (not built yet: its sessions last"
                + " the whole run); leave " + pathOf(SESSION_LENGTH) + " out");
        in.refuse(CONNECTIONS, "no connections with " + pathOf(MODEL) + " open (not built yet: the open model uses a"
                + " shared pool); leave " + pathOf(CONNECTIONS) + " out");
        in.refuse(HISTORY, "no history with " + pathOf(MODEL) + " open (not built yet: only closed-model users record"
                + " one); use the closed model, or leave " + pathOf(HISTORY) + " out");
        in.refuse(RUNTIME, "no runtime with " + pathOf(MODEL) + " open (its arrivals are virtual threads; the"
                + " event-loop runtime carries closed-model users only); leave " + pathOf(RUNTIME) + " out");
        in.refuse(SEED, "no seed with " + pathOf(MODEL) + " open (not built yet: its arrivals draw from the clock);"
                + " leave " + pathOf(SEED) + " out");
        in.refuse(TABS, "no tabs with " + pathOf(MODEL) + " open (not built yet: each of its sessions serves one"
                + " arrival at a time); use the closed model, or leave " + pathOf(TABS) + " out");
        Optional<Double> rate = in.required(RATE);
        ArrivalKind arrivals = ARRIVALS.readFrom(in, defaults);
        int sessions = SESSIONS.readFrom(in, defaults);
        Duration warmUp = endingBefore(in, WARM_UP, Duration.ZERO, duration, defaults, steadyWindowLeft());
        if (rate.isEmpty() || duration.isEmpty()) {
            return defaults;
        }
        LoadProfile profile = defaults.profile().toBuilder().users(sessions)
                .thinkTime(new ThinkTime.Fixed(Duration.ZERO)).duration(duration.get()).warmUp(warmUp)
                .requestTimeout(requestTimeout).build();
        return new LoadSpec(profile, Optional.of(new OpenModel(arrivals, rate.get(), sessions)), false);
    }

    /**
     * The setting's value, or its default when it is not given or, with the load's duration known, does not end
     * before it counted from {@code from} (then reported).
     */
    private static Duration endingBefore(SettingsSource in, Setting<LoadSpec, Duration> setting, Duration from,
                                         Optional<Duration> duration, LoadSpec defaults, String expected) {
        Optional<Duration> given = in.value(setting);
        if (given.isPresent() && duration.isPresent() && from.plus(given.get()).compareTo(duration.get()) >= 0) {
            in.problem(setting, expected + inBrackets(duration.get()));
            return setting.value().apply(defaults);
        }
        return given.orElseGet(() -> setting.value().apply(defaults));
    }

    private static String steadyWindowLeft() {
        return "a duration that leaves a steady window: " + pathOf(RAMP_UP) + " + " + pathOf(WARM_UP)
                + " shorter than " + pathOf(DURATION);
    }

    /** The field as the file names it: {@code load.duration}. */
    private static String pathOf(Setting<LoadSpec, ?> setting) {
        return SECTION + "." + setting.path();
    }
}

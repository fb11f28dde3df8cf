package io.replsim.scenario.report;

import static io.replsim.scenario.report.CountFigure.always;
import static io.replsim.scenario.report.CountFigure.apart;
import static io.replsim.scenario.report.CountFigure.unlessZero;
import static io.replsim.scenario.report.LatencyFigure.Printed.OFF;
import static io.replsim.scenario.report.LatencyFigure.Printed.ON_EVERY_LINE;
import static io.replsim.scenario.report.LatencyFigure.Printed.ON_LATENCY_LINES;

import com.fasterxml.jackson.annotation.JsonValue;
import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.UsersServed;

import io.replsim.scenario.provenance.Provenance;
import java.util.List;
import java.util.Map;

/**
 * Every figure of a run: what the console prints and what summary.json holds, one record for both. The figures
 * cover the whole load, except {@code validity}, which judges and describes the steady window alone.
 *
 * <p>{@code requestTypes} has a row per request type of the load's user script (empty without one). {@code open}
 * is null for the closed model; for {@code model: open} it holds the arrival schedule and both latencies, and
 * {@code latencyMs} is the corrected one (from each request's intended start), over the window after the warm-up.
 *
 * <p>{@code latencyMs} is over every answer, server errors included (a user waits for a 503 as for a 200), and is
 * what the latency checks judge; {@code servedLatencyMs} is over the successful answers alone, beside it (null when
 * there was none). {@code users} accounts for every user started: served or never served.
 *
 * <p>{@code sessions} and {@code responses} count the users' serial oracle's verdicts; both are null for a run with
 * {@code load.tabs} above 1, whose overlapping requests the oracle does not judge (the history's checker does:
 * {@code anomalies}): not judged, which is not zero.
 *
 * <p>{@code nodes} has each node's figures, one per {@link NodeFigure} declared, in their order.
 *
 * <p>{@code provenance} says what made the figures and where (replsim's commit, the JDKs, the machine and its load
 * before and after, the scenario's hash); null in a summary.json written before replsim recorded it.
 *
 * <p>{@code external} is null for a run on replsim's own cluster, and stays the last section (readers of
 * summary.json find it at the end). For a drill against a cluster replsim does not
 * run it names the targets and commands; then {@code cluster} and {@code nodes}, each fault's view figures and
 * survivor CPU, and the gravitations are null: not measured there, which is not zero.
 */
public record RunSummary(String scenario, String runDirectory, String startedAt, long wallMs, String verdict,
                         Cluster cluster, Load load, Requests requests, double throughputPerSec, Latency latencyMs,
                         Verdicts sessions, ResponseVerdicts responses, List<FaultReport> faults, List<NodeFigures> nodes,
                         List<CheckOutcome> checks, ValidityReport validity, List<RequestTypeRow> requestTypes,
                         OpenFigures open, Connections connections, Latency servedLatencyMs, Users users,
                         AnomalyCounts anomalies, Provenance provenance, External external) {

    /**
     * The TCP connections the driver opened ({@code mode}: shared-pool, per-user or per-request), and the most it
     * held open at once, in either model; null when a summary.json read back has none (no console line then).
     */
    public record Connections(String mode, long opened, int peakOpen) {
        /**
         * Each figure declared once, in summary.json's order, which is the console's sentence's ({@code shared-pool:
         * 57 TCP connections opened, at most 47 open at once}): a new figure is a component and a line here.
         */
        public static final WordedSection<Connections> FIGURES = new WordedSection<>(List.of(
                new WordedFigure<>("mode", "%s:", Connections::mode),
                new WordedFigure<>("opened", " %,d TCP connections opened,", Connections::opened),
                new WordedFigure<>("peakOpen", " at most %,d open at once", Connections::peakOpen)));

        /** summary.json's {@code connections}: written from {@link #FIGURES}, read back by the components' names. */
        @JsonValue
        Map<String, Object> byKey() {
            return FIGURES.byKey(this);
        }
    }

    public RunSummary {
        requestTypes = List.copyOf(requestTypes);
    }

    /**
     * The cluster a drill ran against when replsim did not start it: each target as {@code name=URL}, the app's
     * path, the cookie and where the serial is read, the kill and restart commands as given (null when none), what
     * could not be measured there, and how much of each session's content the answers let the driver verify
     * ({@code content}: e.g. "not verified: serial only").
     */
    public record External(List<String> targets, String path, String cookieName, String serial, String killCommand,
                           String restartCommand, List<String> notMeasured, String content) {
        public External {
            targets = List.copyOf(targets);
            notMeasured = List.copyOf(notMeasured);
        }
    }

    /** One request type of a user script over the whole load: its weight, counts, verdicts and response times. */
    public record RequestTypeRow(String request, int weight, long requests, long errors, ResponseVerdicts responses,
                                 Latency latencyMs) {}

    /**
     * An open-model load: the arrival process and rate asked for, what was completed in the window, and the
     * response times from each request's intended start ({@code correctedMs}) beside those from its actual send
     * ({@code uncorrectedMs}); the gap between them is the queue the driver held (coordinated omission).
     */
    public record OpenFigures(String arrivals, double intendedPerSec, double throughputPerSec, int sessions,
                              Latency correctedMs, Latency uncorrectedMs) {}

    /**
     * {@code gravitationsNotApplicable}: null when the engine has data gravitation (jgroups); else why the figure
     * does not exist there, and then every gravitation figure of the run is null.
     * {@code cpuBudgetEnforced}: whether the kernel held each node to {@code cpuBudgetCores} (a cgroup or container
     * quota); {@code cpuBudgetEnforcement} says how, or why not. Unenforced, the budget is only the divisor of the
     * CPU figures and a node may have used more.
     */
    public record Cluster(int nodes, int workers, double cpuBudgetCores, String heap, String placement,
                          String granularity, String delivery, long syncTimeoutMs, String payload, long startMs,
                          String engine, String gravitationsNotApplicable, boolean cpuBudgetEnforced,
                          String cpuBudgetEnforcement, String trigger, String serviceTime, String jgroups) {

        /** Why an Infinispan cluster has no gravitation count. */
        public static final String NO_GRAVITATION_ON_INFINISPAN = "the infinispan engine has no data gravitation: a"
                + " node that does not own a session reads it from its owners (remote reads) and moves nothing";
    }

    /**
     * {@code tabs}: request loops per user on its one session (0 in a summary written before tabs, meaning 1).
     * {@code userRuntime}: what carried the closed model's users ({@code event-loop} or {@code virtual-threads}),
     * which decides how much of the machine the driver took and whether a kept-alive connection the node closed is
     * seen before a request goes on it; null for the open model (its arrivals are virtual threads) and in a summary
     * written before it was recorded.
     */
    public record Load(int users, long thinkTimeMs, long rampUpMs, long durationMs, long requestTimeoutMs, int tabs,
                       String userRuntime) {}

    /**
     * The users started (the open model: its sessions that got a request), each in one class: {@code served} held a
     * judged session, {@code neverServed} got outcomes but never an answer to judge. The two add up to
     * {@code started}, or the report fails the run (CheckEvaluator#usersAccountedFor).
     */
    public record Users(long started, long served, long neverServed) {
        public static Users of(UsersServed users) {
            return new Users(users.started(), users.served(), users.neverServed());
        }
    }


    /**
     * The requests, their failed attempts by kind, and the balancer's retries: the requests it sent on to another
     * node after its {@code retryOnTimeout} (their timed-out attempts are among the {@code timeouts}).
     */
    public record Requests(long total, long errors, long connectErrors, long ioErrors, long timeouts, long httpErrors,
                           long balancerRetries) {
        /**
         * Each count declared once, in summary.json's order; the console's load line says the total and the errors
         * in its own words and, when there were errors, each kind from these declarations. A new kind is a component
         * and a line here.
         */
        public static final CountSection<Requests> FIGURES = new CountSection<>(List.of(
                apart("total", "requests", Requests::total),
                apart("errors", "errors", Requests::errors),
                always("connectErrors", "refused", Requests::connectErrors),
                always("ioErrors", "reset/io", Requests::ioErrors),
                always("timeouts", "timeouts", Requests::timeouts),
                always("httpErrors", "HTTP errors", Requests::httpErrors),
                unlessZero("balancerRetries", "sent on by the balancer after its timeout",
                        Requests::balancerRetries)));

        public static Requests of(long total, ErrorCounts errors) {
            return new Requests(total, errors.total(), errors.connect(), errors.io(), errors.timeout(),
                    errors.httpStatus(), errors.balancerRetries());
        }

        /** summary.json's {@code requests}: written from {@link #FIGURES}, read back by the components' names. */
        @JsonValue
        Map<String, Long> byKey() {
            return FIGURES.byKey(this);
        }
    }

    /** Response times in milliseconds over the whole run. */
    public record Latency(double p50, double p90, double p99, double max, double mean) {
        /** The successful answers' p90 is said beside every latency line's figures. */
        public static final LatencyFigure P90 = new LatencyFigure("p90", "p90", Latency::p90, ON_EVERY_LINE);
        /**
         * Each figure declared once, in summary.json's order, which the console's latency figures follow: a new
         * figure is a component above, its reading in {@link #ofMicros} and a line here.
         */
        public static final LatencySection FIGURES = new LatencySection(List.of(
                new LatencyFigure("p50", "p50", Latency::p50, ON_EVERY_LINE),
                P90,
                new LatencyFigure("p99", "p99", Latency::p99, ON_EVERY_LINE),
                new LatencyFigure("max", "max", Latency::max, ON_LATENCY_LINES),
                new LatencyFigure("mean", "mean", Latency::mean, OFF)));

        /** From a histogram of microseconds; zeros when it is empty. */
        public static Latency ofMicros(org.HdrHistogram.Histogram micros) {
            if (micros.getTotalCount() == 0) {
                return new Latency(0, 0, 0, 0, 0);
            }
            return new Latency(micros.getValueAtPercentile(50) / 1000.0, micros.getValueAtPercentile(90) / 1000.0,
                    micros.getValueAtPercentile(99) / 1000.0, micros.getMaxValue() / 1000.0, micros.getMean() / 1000.0);
        }

        /** From a histogram of microseconds; null when it is empty: no answer, so not measured. */
        public static Latency measuredOrNull(org.HdrHistogram.Histogram micros) {
            return micros.getTotalCount() == 0 ? null : ofMicros(micros);
        }

        /** summary.json's latency objects: written from {@link #FIGURES}, read back by the components' names. */
        @JsonValue
        Map<String, Double> byKey() {
            return FIGURES.byKey(this);
        }
    }

    /**
     * Sessions by their worst verdict (docs/drills.md, "Verdicts"): {@code corrupt} a current serial with a state the
     * user never wrote, {@code failed} a session its node could not read or that got only server errors to its end,
     * {@code expired} a session that ended because its user was idle longer than
     * {@code replication.maxInactiveInterval} (expected: not counted by {@code maxSessionsLost}),
     * {@code neverServed} a user's attempt at a session that got only errors, failures or refusals, no answer to
     * judge (counted by {@code maxSessionsLost}, and not among the judged sessions of {@link #total()}).
     */
    public record Verdicts(long ok, long stale, long lost, long corrupt, long failed, long expired, long neverServed) {
        public static final CountFigure<Verdicts> LOST = always("lost", "LOST", Verdicts::lost);
        public static final CountFigure<Verdicts> CORRUPT = always("corrupt", "CORRUPT", Verdicts::corrupt);
        public static final CountFigure<Verdicts> FAILED = always("failed", "FAILED", Verdicts::failed);
        public static final CountFigure<Verdicts> NEVER_SERVED = always("neverServed", "NEVER SERVED",
                Verdicts::neverServed);
        /**
         * Each verdict declared once, in summary.json's order, which the console's sessions line and report.html's
         * table follow: a new verdict is a component above and a line here.
         */
        public static final CountSection<Verdicts> FIGURES = new CountSection<>(List.of(
                always("ok", "OK", Verdicts::ok),
                always("stale", "STALE", Verdicts::stale),
                LOST,
                CORRUPT,
                FAILED,
                always("expired", "EXPIRED", Verdicts::expired),
                NEVER_SERVED));
        /**
         * What {@code maxSessionsLost} bounds: sessions whose state the user did not get back whole, and attempts
         * whose user got no session at all; the check names each when there is more than LOST.
         */
        public static final List<CountFigure<Verdicts>> COUNTED_AS_LOST = List.of(LOST, CORRUPT, FAILED, NEVER_SERVED);

        public static Verdicts of(SessionVerdictCounts counts) {
            return new Verdicts(counts.ok(), counts.stale(), counts.lost(), counts.corrupt(), counts.failed(),
                    counts.expired(), counts.neverServed());
        }

        /** Every attempt served. */
        public Verdicts(long ok, long stale, long lost, long corrupt, long failed, long expired) {
            this(ok, stale, lost, corrupt, failed, expired, 0);
        }

        /** None expired. */
        public Verdicts(long ok, long stale, long lost, long corrupt, long failed) {
            this(ok, stale, lost, corrupt, failed, 0);
        }

        /** Sessions that were OK, STALE or LOST only. */
        public Verdicts(long ok, long stale, long lost) {
            this(ok, stale, lost, 0, 0);
        }

        /** summary.json's {@code sessions}: written from {@link #FIGURES}, read back by the components' names. */
        @JsonValue
        Map<String, Long> byKey() {
            return FIGURES.byKey(this);
        }

        /** The judged sessions, whatever their verdict: the attempts never served are not among them. */
        public long total() {
            return ok + stale + lost + corrupt + failed + expired;
        }

        /** The sessions and attempts {@link #COUNTED_AS_LOST}, together. */
        public long countedAsLost() {
            return COUNTED_AS_LOST.stream().mapToLong(figure -> figure.valueOf(this)).sum();
        }
    }

    /**
     * Per {@code 200} response; {@code corrupt}: a current serial, but not the state the user wrote; {@code expired}:
     * a new session after the user's old one expired.
     */
    public record ResponseVerdicts(long ok, long stale, long lost, long corrupt, long expired) {
        /**
         * Each verdict declared once, in summary.json's order, which the console's responses follow; CORRUPT and
         * EXPIRED are rare and stay off the console until they happen. A new verdict is a component and a line here.
         */
        public static final CountSection<ResponseVerdicts> FIGURES = new CountSection<>(List.of(
                always("ok", "OK", ResponseVerdicts::ok),
                always("stale", "STALE", ResponseVerdicts::stale),
                always("lost", "LOST", ResponseVerdicts::lost),
                unlessZero("corrupt", "CORRUPT", ResponseVerdicts::corrupt),
                unlessZero("expired", "EXPIRED", ResponseVerdicts::expired)));

        public static ResponseVerdicts of(ResponseVerdictCounts counts) {
            return new ResponseVerdicts(counts.ok(), counts.stale(), counts.lost(), counts.corrupt(),
                    counts.expired());
        }

        /** None expired. */
        public ResponseVerdicts(long ok, long stale, long lost, long corrupt) {
            this(ok, stale, lost, corrupt, 0);
        }

        /** summary.json's {@code responses}: written from {@link #FIGURES}, read back by the components' names. */
        @JsonValue
        Map<String, Long> byKey() {
            return FIGURES.byKey(this);
        }
    }

    /**
     * Whether the serial oracle judged the sessions: not with tabs (an older summary.json wrote their verdicts as
     * zeros).
     */
    public boolean sessionsJudged() {
        return sessions != null && load.tabs() <= 1;
    }

    public boolean passed() {
        return checks.stream().allMatch(CheckOutcome::passed);
    }
}

package io.replsim.scenario.report;

import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.check.PriorAnswer;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.UsersServed;
import io.replsim.loadgen.check.Verdict;
import io.replsim.loadgen.check.VerdictMark;
import io.replsim.loadgen.exchange.ConnectionCount;
import io.replsim.loadgen.exchange.ConnectionMode;
import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.open.OpenResult;
import io.replsim.loadgen.record.Failure;
import io.replsim.loadgen.record.RequestTypeFigures;
import io.replsim.loadgen.record.Second;
import io.replsim.loadgen.record.ServedLatency;
import io.replsim.loadgen.record.Stint;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.steady.SteadyWindow;
import io.replsim.loadgen.validity.DriverCost;
import io.replsim.loadgen.validity.LittlesLaw;
import io.replsim.loadgen.validity.RunValidity;
import io.replsim.loadgen.validity.ThinkDrift;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * What the golden runs' loads recorded, as the driver hands it over: made up, fixed, and shaped like a real run's
 * (60 users for 45 s; of six users' timelines, two on the node killed at 20 s, who fail over to the other two).
 */
final class GoldenLoads {
    /** When the runs started; their loads start 2 s later, once the cluster is up. */
    static final Instant STARTED = Instant.parse("2026-11-29T04:00:00Z");
    static final long LOAD_START = STARTED.toEpochMilli() + 2_000;
    static final long KILL_AT_MS = 20_020;

    private GoldenLoads() {
    }

    /** Answers of a run: most fast, some slow, a few around the failover. */
    static Histogram answers(long scale) {
        Histogram micros = new Histogram(3);
        micros.recordValueWithCount(6_600, 30 * scale);
        micros.recordValueWithCount(37_500, 20 * scale);
        micros.recordValueWithCount(555_500, 4 * scale);
        micros.recordValueWithCount(817_200, scale);
        return micros;
    }

    /**
     * The driver's latency log of a load {@code seconds} long: a histogram a second, the second after
     * {@code spikeAt} slow (the failover), as loadgen writes it.
     */
    static void latencyLog(Path file, int seconds, int spikeAt) throws IOException {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputStartTime(LOAD_START);
            writer.setBaseTime(LOAD_START);
            writer.outputBaseTime(LOAD_START);
            writer.outputLegend();
            for (int second = 0; second < seconds; second++) {
                Histogram interval = new Histogram(3);
                interval.recordValueWithCount(6_600, 90);
                interval.recordValueWithCount(second == spikeAt + 1 ? 733_200 : 41_000, 9);
                interval.recordValue(second == spikeAt + 1 ? 817_200 : 89_400 + second * 1_000L);
                writer.outputIntervalHistogram(second, second + 1, interval, 1000.0);
            }
        }
    }

    private static List<Second> perSecond(int seconds, long requests, int dipAt, long errorsAtDip) {
        List<Second> perSecond = new ArrayList<>();
        for (int second = 0; second < seconds; second++) {
            boolean dip = second == dipAt;
            perSecond.add(new Second(LOAD_START / 1_000 + second, dip ? requests / 6 : requests,
                    dip ? errorsAtDip : 0));
        }
        return perSecond;
    }

    /**
     * Six users: users 0 and 1 on {@code killed} until the kill, then on {@code to0} and {@code to1}; the others on
     * the two survivors throughout. With {@code staleAfterKill}, user 2's first answer after the kill is STALE.
     */
    static List<UserTimeline> users(String killed, String to0, String to1, long killAtMs, int seconds,
                                    boolean staleAfterKill) {
        long end = LOAD_START + seconds * 1_000L;
        long kill = LOAD_START + killAtMs;
        List<UserTimeline> users = new ArrayList<>();
        users.add(new UserTimeline(0, List.of(new Stint(killed, LOAD_START + 100, LOAD_START + 100, kill - 120,
                LOAD_START + 95), new Stint(to0, kill + 780, kill + 837, end, kill + 770)),
                List.of(new Failure(killed, ErrorKind.IO, kill + 80, kill + 700, 3))));
        users.add(new UserTimeline(1, List.of(new Stint(killed, LOAD_START + 600, LOAD_START + 600, kill - 70,
                LOAD_START + 595), new Stint(to1, kill + 880, kill + 916, end, kill + 870)),
                List.of(new Failure(killed, ErrorKind.IO, kill + 180, kill + 800, 4))));
        for (int user = 2; user < 6; user++) {
            String node = user % 2 == 0 ? to0 : to1;
            List<VerdictMark> marks = staleAfterKill && user == 2
                    ? List.of(new VerdictMark(node, "s2." + node, Verdict.STALE, kill + 1_400, 41,
                    new PriorAnswer(node, 42, kill - 400), 0))
                    : List.of();
            users.add(new UserTimeline(user, List.of(new Stint(node, LOAD_START + user * 500L,
                    LOAD_START + user * 500L, end, LOAD_START + user * 500L - 5)), List.of(), marks));
        }
        return users;
    }

    private static SteadyWindow steady(int seconds, long requests, Histogram answers, ErrorCounts errors) {
        return new SteadyWindow(Duration.ofSeconds(5), Duration.ofSeconds(seconds), 60, requests, errors, answers,
                requests / (seconds - 5.0), Duration.ofMillis(41), Duration.ofMillis(500),
                Duration.ofMillis(503).plusNanos(400_000), requests - 60, 0, errors.total(),
                Duration.ofMillis(700), Duration.ofMillis(500), Duration.ZERO);
    }

    /**
     * A closed-model load of 60 users over 45 s, a kill at 20 s; six of the users' timelines, for the failover;
     * {@code staleAfterKill}: one STALE session.
     */
    static LoadResult closed(String killed, String to0, String to1, boolean staleAfterKill,
                             List<RequestTypeFigures> byType) {
        ErrorCounts errors = new ErrorCounts(0, 7, 0, 0);
        Histogram whole = answers(100);
        Histogram window = answers(93);
        SteadyWindow steady = steady(45, 4_557, window, errors);
        LittlesLaw law = LittlesLaw.of(60, 113.9, Duration.ofMillis(41), Duration.ofMillis(500), -1.8);
        ThinkDrift drift = new ThinkDrift(Duration.ofMillis(500), Duration.ofMillis(503).plusNanos(400_000), 0.0068,
                0, 0);
        RunValidity validity = new RunValidity(true, List.of(), law, drift,
                new DriverCost(0.06, 2, Duration.ofMillis(12), Duration.ofMillis(4), 3));
        SessionVerdictCounts sessions = staleAfterKill ? new SessionVerdictCounts(59, 1, 0, 0, 0, 0, 0)
                : new SessionVerdictCounts(60, 0, 0, 0, 0, 0, 0);
        ResponseVerdictCounts responses = new ResponseVerdictCounts(staleAfterKill ? 4_869 : 4_870,
                staleAfterKill ? 1 : 0, 0, 0, 0);
        return new LoadResult(Instant.ofEpochMilli(LOAD_START), Duration.ofMillis(45_310), 4_877, errors, whole,
                107.6, sessions, responses, perSecond(45, 108, 20, 7),
                users(killed, to0, to1, KILL_AT_MS, 45, staleAfterKill), 60,
                Duration.ofMillis(503).plusNanos(400_000), steady, validity, byType,
                new ConnectionCount.Connections(ConnectionMode.SHARED_POOL, 76, 0, 60), new UsersServed(60, 60, 0),
                new ServedLatency(answers(99), answers(92)));
    }

    /** The script's two request types over the drill. */
    static List<RequestTypeFigures> counterAndCart() {
        return List.of(
                new RequestTypeFigures(RequestType.COUNTER, 3_250, new ErrorCounts(0, 5, 0, 0),
                        new ResponseVerdictCounts(3_245, 0, 0, 0, 0), answers(66)),
                new RequestTypeFigures(RequestType.CART, 1_627, new ErrorCounts(0, 2, 0, 0),
                        new ResponseVerdictCounts(1_625, 0, 0, 0, 0), answers(34)));
    }

    /**
     * An open-model load at 200 arrivals a second over 30 s after a 5 s warm-up, no fault, whose driver took too
     * much CPU: INVALID.
     */
    static LoadResult open() {
        ErrorCounts errors = new ErrorCounts(2, 0, 1, 0);
        Histogram corrected = answers(120);
        Histogram uncorrected = new Histogram(3);
        uncorrected.recordValueWithCount(5_900, 5_000);
        uncorrected.recordValueWithCount(30_100, 1_000);
        RunValidity validity = new RunValidity(false, List.of("the driver used 93% of its 2 cores (more than 80%)"),
                LittlesLaw.of(0, 0, Duration.ZERO, Duration.ZERO, 0),
                new ThinkDrift(Duration.ZERO, Duration.ZERO, 0, 0, 0),
                new DriverCost(1.86, 2, Duration.ofMillis(40), Duration.ofMillis(9), 11));
        DriverCost cost = validity.driverCost();
        ConnectionCount.Connections connections = new ConnectionCount.Connections(ConnectionMode.SHARED_POOL, 40, 0,
                30);
        Instant startedAt = Instant.ofEpochMilli(LOAD_START);
        OpenResult open = new OpenResult(Duration.ofSeconds(25), 6_000, errors, corrected, uncorrected, 200, 199.2,
                new SessionVerdictCounts(100, 0, 0, 0, 0, 0, 0), new ResponseVerdictCounts(5_997, 0, 0, 0, 0), cost,
                startedAt, Duration.ofMillis(30_120), perSecond(30, 200, -1, 0), List.of(), 100, connections,
                answers(119), new UsersServed(100, 100, 0));
        SteadyWindow steady = new SteadyWindow(Duration.ofSeconds(5), Duration.ofSeconds(30), 100, 6_000, errors,
                corrected, 240, Duration.ZERO, Duration.ZERO, Duration.ZERO, 0, 0, 3, Duration.ZERO, Duration.ZERO,
                Duration.ZERO);
        return new LoadResult(startedAt, Duration.ofMillis(30_120), 7_000, errors, corrected, 232.4,
                new SessionVerdictCounts(100, 0, 0, 0, 0, 0, 0), new ResponseVerdictCounts(6_997, 0, 0, 0, 0),
                perSecond(30, 200, -1, 0), List.of(), 100, Duration.ZERO, steady, validity, List.of(), connections,
                Optional.of(open), new UsersServed(100, 100, 0), new ServedLatency(answers(119), answers(119)));
    }
}

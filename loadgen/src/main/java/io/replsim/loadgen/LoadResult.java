package io.replsim.loadgen;

import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.SessionVerdictCounts;
import io.replsim.loadgen.check.UsersServed;
import io.replsim.loadgen.exchange.ConnectionCount;
import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.open.OpenResult;
import io.replsim.loadgen.record.RequestTypeFigures;
import io.replsim.loadgen.record.ServedLatency;
import io.replsim.loadgen.record.Second;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.loadgen.steady.SteadyWindow;
import io.replsim.loadgen.validity.RunValidity;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of one run, of either model. An open-model run fills the closed model's figures where they mean
 * something for it (its sessions as the users, the window after its warm-up as the steady window, response times from
 * each arrival's intended start) and carries its own figures in {@code open}.
 *
 * @param startedAt          when {@link LoadDriver#start()} ran
 * @param elapsed            from the start until the last user stopped
 * @param requests           user requests completed, answered or failed; a request retried after a refused
 *                           connection counts once
 * @param errors             failed attempts by kind
 * @param latencyMicros      response times in microseconds of every request that got an HTTP answer (any status:
 *                           a user waits for a 503 as for a 200), measured from the first attempt, so a
 *                           balancer-style retry is inside it; {@code served} has the successful answers' alone
 * @param throughputPerSecond {@code requests} over {@code elapsed}
 * @param sessionVerdicts    every session any user held, by its worst response, and the attempts never served
 * @param responseVerdicts   every {@code 200} response by verdict
 * @param perSecond          requests and errors per wall-clock second, gaps filled with zeros
 * @param timelines          one per user, in user order
 * @param distinctSessions   distinct session ids users held (ids are assumed unique across users)
 * @param meanThinkTime      the think time users actually took between a response and their next request; well
 *                           above the profile's think time means the driver itself fell behind and the run is not
 *                           valid (Faban's "think time deviation too high")
 * @param steady             the figures of the steady window (after ramp-up and warm-up), which validity and the
 *                           capacity search use
 * @param validity           whether the steady window measured the server rather than the driver, and why not
 * @param byRequestType      with a user script, each request type's figures over the whole run in script order;
 *                           empty without one
 * @param connections        the TCP connections the driver opened, in the mode the profile asked for
 * @param open               an open-model run's own figures (the arrival rate asked for, the uncorrected response
 *                           times, the driver's cost); empty for the closed model
 * @param users              the users started (the open model: its sessions that got a request), each served or
 *                           never served
 * @param served             the response times of the successful answers alone, over the run and its steady window
 */
public record LoadResult(Instant startedAt, Duration elapsed, long requests, ErrorCounts errors,
                         Histogram latencyMicros, double throughputPerSecond, SessionVerdictCounts sessionVerdicts,
                         ResponseVerdictCounts responseVerdicts, List<Second> perSecond, List<UserTimeline> timelines,
                         long distinctSessions, Duration meanThinkTime, SteadyWindow steady,
                         RunValidity validity, List<RequestTypeFigures> byRequestType,
                         ConnectionCount.Connections connections, Optional<OpenResult> open, UsersServed users,
                         ServedLatency served) {

    public LoadResult {
        byRequestType = List.copyOf(byRequestType);
        perSecond = List.copyOf(perSecond);
        timelines = List.copyOf(timelines);
        Objects.requireNonNull(open, "open");
        Objects.requireNonNull(users, "users");
        Objects.requireNonNull(served, "served");
    }

    /** A closed-model run's outcome. */
    public LoadResult(Instant startedAt, Duration elapsed, long requests, ErrorCounts errors, Histogram latencyMicros,
                      double throughputPerSecond, SessionVerdictCounts sessionVerdicts,
                      ResponseVerdictCounts responseVerdicts, List<Second> perSecond, List<UserTimeline> timelines,
                      long distinctSessions, Duration meanThinkTime, SteadyWindow steady, RunValidity validity,
                      List<RequestTypeFigures> byRequestType, ConnectionCount.Connections connections,
                      UsersServed users, ServedLatency served) {
        this(startedAt, elapsed, requests, errors, latencyMicros, throughputPerSecond, sessionVerdicts,
                responseVerdicts, perSecond, timelines, distinctSessions, meanThinkTime, steady, validity,
                byRequestType, connections, Optional.empty(), users, served);
    }
}

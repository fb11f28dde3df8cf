package io.replsim.bench;

import io.replsim.loadgen.check.CounterReply;
import io.replsim.loadgen.check.ResponseVerdictCounts;
import io.replsim.loadgen.check.state.ExpectedState;
import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.SessionCookie;
import io.replsim.loadgen.profile.RunPlan;
import io.replsim.loadgen.record.LatencyRecording;
import io.replsim.loadgen.record.RunRecording;
import io.replsim.loadgen.record.ScriptTally;
import io.replsim.loadgen.route.StickyRouter;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.steady.SteadyRecording;
import io.replsim.loadgen.think.ThinkMode;
import io.replsim.loadgen.think.ThinkTime;
import io.replsim.loadgen.user.UserAction;
import io.replsim.loadgen.user.VirtualUser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.IterationParams;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a virtual user spends of the driver's CPU on one request's end, with no socket: the outcome recorded in the
 * run's and the steady window's histograms, the answer judged against the user's expected session, its timeline
 * and verdicts kept, and the next request chosen (zero think time, so each call is one whole request cycle). The
 * answer is a counter's {@code 200} with the next serial and its state digest, built in the call (the digest the
 * user computes again to judge it); a real request adds the client's socket work, tens of microseconds, on top.
 * Beside JMH's wall time per cycle, this JVM's CPU time per cycle over the measurement ({@link TrialCpu}, appended to
 * {@code benchmarks/target/user-request-cost.csv}), steadier on a shared machine. Run it against two builds of
 * loadgen, alternating, with {@code -prof gc} for the bytes allocated per cycle, to see what one part of it costs.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(1)
public class UserRequestCostBenchmark {
    private static final NodeEndpoint NODE = new NodeEndpoint("node1", URI.create("http://127.0.0.1:1"));
    private static final ExpectedState COUNTER = new ExpectedState(SessionShapes.DEFAULT.of(
            RequestType.SessionKind.COUNTER));

    private static final Path RESULTS = Path.of("benchmarks", "target", "user-request-cost.csv");

    private VirtualUser user;
    private long serial;
    private TrialCpu cpu;

    @Setup(Level.Trial)
    public void startCpu() {
        cpu = new TrialCpu();
    }

    /** A fresh user per iteration, so its session's serial and its recordings start again. */
    @Setup(Level.Iteration)
    public void newUser(IterationParams iteration) throws Exception {
        long start = System.nanoTime();
        RunPlan plan = new RunPlan(start, start, start + Duration.ofMinutes(10).toNanos(), 1, Duration.ZERO,
                new ThinkTime.Fixed(Duration.ZERO), ThinkMode.AFTER_RESPONSE);
        RunRecording recording = new RunRecording(LatencyRecording.start(Optional.empty(),
                System.currentTimeMillis()));
        StickyRouter router = new StickyRouter(List.of(NODE), Duration.ofSeconds(5), InstantSource.system());
        user = new VirtualUser(0, plan, router, "/counter", recording, new SteadyRecording(plan), new AtomicInteger(),
                42, Optional.empty(), new ScriptTally(List.of()));
        user.start();
        if (!(user.woke(System.nanoTime()) instanceof UserAction.Send)) {
            throw new IllegalStateException("the user did not send its first request");
        }
        serial = 0;
        cpu.startIteration(iteration);
    }

    @TearDown(Level.Iteration)
    public void stopUser() {
        cpu.endIteration();
        user.stopped(System.nanoTime());
        if (!user.responseVerdicts().equals(new ResponseVerdictCounts(serial, 0, 0, 0, 0))) {
            throw new IllegalStateException("not every answer was judged OK: " + user.responseVerdicts());
        }
    }

    @TearDown(Level.Trial)
    public void report() {
        cpu.report(RESULTS, "request cycle", 0);
    }

    /** One request's end and the next request: the user's whole cycle without think time. */
    @Benchmark
    public UserAction requestCycle() {
        cpu.operation();
        serial++;
        return user.answered(new Exchange.Answered(System.currentTimeMillis(), 200, NODE.name(),
                Optional.of(new CounterReply("s1", serial, NODE.name(), COUNTER.digestAt("s1", serial), serial == 1)),
                serial == 1 ? Optional.of(new SessionCookie("s1.node1")) : Optional.empty()));
    }
}

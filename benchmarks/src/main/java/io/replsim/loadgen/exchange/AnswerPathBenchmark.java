package io.replsim.loadgen.exchange;

import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.RunPlan;
import io.replsim.loadgen.record.LatencyRecording;
import io.replsim.loadgen.record.RunRecording;
import io.replsim.loadgen.record.ScriptTally;
import io.replsim.loadgen.route.StickyRouter;
import io.replsim.loadgen.steady.SteadyRecording;
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
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The driver's own work per answer, without sockets: what the event loop does between a read that brought the
 * trivial endpoint's counter answer and the next request's {@link UserAction.Send}, in three nested steps, so that
 * each step's cost is the difference from the one before:
 * <ul>
 *   <li>{@code headers}: the answer's status line and headers parsed ({@link ResponseReader}, resumable, as the loop's);</li>
 *   <li>{@code reply}: and its JSON read into an {@link Exchange} ({@link ExchangeReader});</li>
 *   <li>{@code user}: and the user's whole step: judging it, recording its latency four times, its timeline and the
 *       steady window's figures, then (no think time) its next request.</li>
 * </ul>
 * {@code benchmarks/driver vs-wrk} measures the same work through the sockets against the JVM floor, where it is
 * about 1.9 µs a request; this tells where in it the time goes, at a resolution the slices cannot give. Each answer
 * carries the next serial, as the endpoint's do, so the user judges every one as it would a real one.
 *
 * <p>In loadgen's package, since the reader and the response are the driver's own, not its API.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"-XX:+UseZGC", "-Xmx1g"})
public class AnswerPathBenchmark {

    /** The trivial endpoint's body, its serial nine digits wide. */
    private static final String BODY = "{\"session\":\"bench\",\"serial\":100000000,\"node\":\"node1\","
            + "\"digest\":\"0123456789abcdef\",\"created\":false}";
    /** The trivial endpoint's answer, with Undertow's headers in its order. */
    private static final String ANSWER = "HTTP/1.1 200 OK\r\nConnection: keep-alive\r\nX-Replsim-Node: node1\r\n"
            + "Content-Type: application/json\r\nContent-Length: " + BODY.length()
            + "\r\nDate: Tue, 01 Dec 2026 22:00:00 GMT\r\n\r\n" + BODY;

    private final byte[] answer = ANSWER.getBytes(StandardCharsets.US_ASCII);
    /** Where the serial's last digit is in {@link #answer}. */
    private final int serialEnd = ANSWER.indexOf("100000000") + 8;
    private boolean answerWaiting;
    private ResponseReader reader;
    private ExchangeReader exchanges;
    private NodeEndpoint node;
    private VirtualUser user;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        TargetProtocol protocol = new TargetProtocol("JSESSIONID", new SerialSource.CounterJson(),
                Optional.<SessionShapes>empty());
        reader = ResponseReader.resumable(this::readAnswer);
        exchanges = new ExchangeReader(protocol);
        node = new NodeEndpoint("node1", URI.create("http://127.0.0.1:8080"));
        LoadProfile profile = LoadProfile.builder("/counter").users(1).thinkTime(new ThinkTime.Fixed(Duration.ZERO))
                .duration(Duration.ofHours(1)).requestTimeout(Duration.ofSeconds(5)).protocol(protocol).build();
        long start = System.nanoTime();
        RunPlan plan = RunPlan.from(profile, start);
        RunRecording recording = new RunRecording(LatencyRecording.start(Optional.empty(), System.currentTimeMillis()));
        user = new VirtualUser(0, plan, new StickyRouter(List.of(node), Duration.ofSeconds(1), InstantSource.system()),
                "/counter", recording, new SteadyRecording(plan), new AtomicInteger(), 1, Optional.empty(),
                new ScriptTally(List.of()), Optional.empty(), Duration.ZERO, 0, Optional.empty());
        user.start();
        if (!(user.woke(System.nanoTime()) instanceof UserAction.Send)) {
            throw new IllegalStateException("the user did not send its first request");
        }
    }

    @Benchmark
    public Response headers() throws IOException {
        return nextResponse();
    }

    @Benchmark
    public Exchange reply() throws IOException {
        return exchanges.toExchange(node, nextResponse(), Optional.empty());
    }

    @Benchmark
    public UserAction user() throws IOException {
        UserAction next = user.answered(exchanges.toExchange(node, nextResponse(), Optional.empty()));
        if (next instanceof UserAction.Pause) {
            next = user.woke(System.nanoTime());
        }
        if (!(next instanceof UserAction.Send)) {
            throw new IllegalStateException("the user did not send its next request but " + next);
        }
        return next;
    }

    private Response nextResponse() throws IOException {
        nextSerial();
        answerWaiting = true;
        Response response = reader.read(false, null);
        if (response == null || response.status() != 200) {
            throw new IllegalStateException("the canned answer was not read whole: " + response);
        }
        return response;
    }

    /** The serial one up, in place: its nine digits carry as a decimal counter's do. */
    private void nextSerial() {
        int at = serialEnd;
        while (answer[at] == '9') {
            answer[at--] = '0';
        }
        answer[at]++;
    }

    private int readAnswer(byte[] into, int offset, int length) {
        if (!answerWaiting) {
            return 0;
        }
        if (length < answer.length) {
            throw new IllegalStateException("the reader offered " + length + " bytes for an answer of "
                    + answer.length);
        }
        System.arraycopy(answer, 0, into, offset, answer.length);
        answerWaiting = false;
        return answer.length;
    }
}

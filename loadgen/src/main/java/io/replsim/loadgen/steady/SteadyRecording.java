package io.replsim.loadgen.steady;

import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.record.ErrorTally;
import io.replsim.loadgen.record.PerThreadRecorder;
import io.replsim.loadgen.profile.RunPlan;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * What happened inside the steady window, written by every user at once. An event belongs to the window when it
 * ends inside it (a response, a failure, a finished pause).
 *
 * <p>Little's law is fed by records that never read the clock between a request's outcome and the user's next
 * step: the answers' response times ({@link #answered}, the histogram the report prints), the time to failure of
 * requests that got no answer ({@link #unanswered}), the pause each user asked for after each of them
 * ({@link #pauseAsked}), and where in time those waits ({@link #waited}) and asked pauses lay, for the cycles
 * straddling the window's edges. Time the driver loses between them (a user held up on its side, woken late) is in
 * none of them, so it shows as users missing from X·(R+Z).
 *
 * <p>The edges' correction holds only what the straddling waits and pauses put inside the window and X·(R+Z) does
 * not count, less what they put outside it and X·(R+Z) does count; a wait or pause wholly inside or wholly outside
 * the window adds nothing. So R and Z are read once, from their own records: a recorder that got R wrong moves
 * X·(R+Z) and nothing cancels it.
 */
public final class SteadyRecording {

    private final RunPlan plan;
    private final PerThreadRecorder latency = new PerThreadRecorder(3);
    private final PerThreadRecorder served = new PerThreadRecorder(3);
    private final LongAdder requests = new LongAdder();
    private final LongAdder requestNanos = new LongAdder();
    private final ErrorTally errors = new ErrorTally();
    private final LongAdder thinks = new LongAdder();
    private final LongAdder thinkAskedNanos = new LongAdder();
    private final LongAdder thinkTakenNanos = new LongAdder();
    private final LongAdder missedCycles = new LongAdder();
    private final LongAdder unanswered = new LongAdder();
    private final LongAdder unansweredNanos = new LongAdder();
    private final LongAdder pausesAsked = new LongAdder();
    private final LongAdder pauseAskedNanos = new LongAdder();
    private final LongAdder edgeNanos = new LongAdder();

    public SteadyRecording(RunPlan plan) {
        this.plan = plan;
    }

    /** A node answered (any status) at {@code atNanos}, {@code micros} after the request's first attempt. */
    public void answered(long atNanos, long micros) {
        if (plan.inSteadyWindow(atNanos)) {
            latency.recordValue(Math.max(0, micros));
        }
    }

    /** The answer recorded by {@link #answered} was a successful one (a {@code 200} the user judged). */
    public void served(long atNanos, long micros) {
        if (plan.inSteadyWindow(atNanos)) {
            served.recordValue(Math.max(0, micros));
        }
    }

    /** The successful answers' response times in the window: call once, when every user has stopped. */
    public Histogram servedLatency() {
        return served.intervalHistogram(null);
    }

    /** A user request, answered or failed, ran from {@code startNanos} to {@code endNanos}. */
    public void requestDone(long startNanos, long endNanos) {
        if (plan.inSteadyWindow(endNanos)) {
            requests.increment();
            requestNanos.add(endNanos - startNanos);
        }
    }

    /**
     * A user request got no answer (refused everywhere, reset, timed out, or no node to send it to): its outcome
     * came at {@code atNanos}, {@code nanos} after its first attempt.
     */
    public void unanswered(long atNanos, long nanos) {
        if (plan.inSteadyWindow(atNanos)) {
            unanswered.increment();
            unansweredNanos.add(Math.max(0, nanos));
        }
    }

    /** A user waited for a request's outcome (an answer or a failure) from its first attempt to the outcome. */
    public void waited(long startNanos, long outcomeNanos) {
        addEdge(edgeCorrection(startNanos, outcomeNanos, plan.inSteadyWindow(outcomeNanos)));
    }

    /** Only the edges' cycles give anything: the others skip the shared counter. */
    private void addEdge(long nanos) {
        if (nanos != 0) {
            edgeNanos.add(nanos);
        }
    }

    /**
     * After the request whose outcome came at {@code outcomeNanos}, the user asked to pause {@code askedNanos}: the
     * think time drawn or, in cycle-time mode, what the drawn cycle left after the response (zero when it had none
     * left). Recorded when the pause is asked for, never from when it ends, and placed right after the outcome.
     */
    public void pauseAsked(long outcomeNanos, long askedNanos) {
        long asked = Math.max(0, askedNanos);
        if (plan.inSteadyWindow(outcomeNanos)) {
            pausesAsked.increment();
            if (asked != 0) {
                pauseAskedNanos.add(asked);
            }
        }
        addEdge(edgeCorrection(outcomeNanos, outcomeNanos + asked, plan.inSteadyWindow(outcomeNanos)));
    }

    /**
     * For a wait or asked pause over {@code [startNanos, endNanos)}: its part inside the window, less its whole
     * length when X·(R+Z) {@code counted} it (its outcome, or the outcome it follows, came in the window). Zero for
     * one wholly inside and counted, or wholly outside and not counted: only the edges' cycles give anything.
     */
    private long edgeCorrection(long startNanos, long endNanos, boolean counted) {
        long inside = overlap(startNanos, endNanos);
        return counted ? inside - (endNanos - startNanos) : inside;
    }

    /** How much of {@code [startNanos, endNanos)} lies in the steady window. */
    private long overlap(long startNanos, long endNanos) {
        long from = Math.max(startNanos - plan.steadyStartNanos(), 0);
        long to = Math.min(endNanos - plan.steadyStartNanos(), plan.deadlineNanos() - plan.steadyStartNanos());
        return Math.max(0, to - from);
    }

    /**
     * A failed attempt at {@code atNanos}: a refused connection, a reset, a timeout, or an answer that was no usable
     * {@code 200} (a server error such as a 503): the window's error ratio counts each, as the open model's does.
     */
    public void error(long atNanos, ErrorKind kind) {
        if (plan.inSteadyWindow(atNanos)) {
            errors.record(kind);
        }
    }

    /** A pause that ended at {@code atNanos}: {@code askedNanos} were wanted, {@code takenNanos} passed. */
    public void thought(long atNanos, long askedNanos, long takenNanos) {
        if (plan.inSteadyWindow(atNanos)) {
            thinks.increment();
            if (askedNanos != 0) { // no think time asked: nothing to add to the shared sums
                thinkAskedNanos.add(askedNanos);
            }
            if (takenNanos != 0) {
                thinkTakenNanos.add(takenNanos);
            }
        }
    }

    /** In cycle-time mode, a response that came after its cycle had already ended, so there was no pause. */
    public void missedCycle(long atNanos) {
        if (plan.inSteadyWindow(atNanos)) {
            missedCycles.increment();
        }
    }

    /** The window's figures; call once every user has stopped. */
    public SteadyWindow window(Duration from, Duration to) {
        Histogram histogram = latency.intervalHistogram(null);
        long count = requests.sum();
        long thinkCount = thinks.sum();
        long asked = pausesAsked.sum();
        double seconds = to.minus(from).toNanos() / 1e9;
        return new SteadyWindow(from, to, plan.loops(), count, errors.snapshot(), histogram,
                seconds > 0 ? count / seconds : 0,
                count == 0 ? Duration.ZERO : Duration.ofNanos(requestNanos.sum() / count),
                thinkCount == 0 ? Duration.ZERO : Duration.ofNanos(thinkAskedNanos.sum() / thinkCount),
                thinkCount == 0 ? Duration.ZERO : Duration.ofNanos(thinkTakenNanos.sum() / thinkCount),
                thinkCount, missedCycles.sum(), unanswered.sum(), Duration.ofNanos(unansweredNanos.sum()),
                asked == 0 ? Duration.ZERO : Duration.ofNanos(pauseAskedNanos.sum() / asked),
                Duration.ofNanos(edgeNanos.sum()));
    }
}

package io.replsim.loadgen.steady;

import io.replsim.loadgen.ErrorKind;
import io.replsim.loadgen.record.ErrorTally;
import io.replsim.loadgen.user.RunPlan;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * What happened inside the steady window, written by every user at once. An event belongs to the window when it
 * ends inside it (a response, a failure, a finished pause), so the window's counts and means obey Little's law
 * up to the few requests straddling its edges.
 */
public final class SteadyRecording {

    private final RunPlan plan;
    private final Recorder latency = new Recorder(3);
    private final LongAdder requests = new LongAdder();
    private final LongAdder requestNanos = new LongAdder();
    private final ErrorTally errors = new ErrorTally();
    private final LongAdder thinks = new LongAdder();
    private final LongAdder thinkAskedNanos = new LongAdder();
    private final LongAdder thinkTakenNanos = new LongAdder();
    private final LongAdder missedCycles = new LongAdder();
    private final LongAdder requestNanosInWindow = new LongAdder();
    private final LongAdder thinkNanosInWindow = new LongAdder();

    public SteadyRecording(RunPlan plan) {
        this.plan = plan;
    }

    /** A node answered (any status) at {@code atNanos}, {@code micros} after the request's first attempt. */
    public void answered(long atNanos, long micros) {
        if (plan.inSteadyWindow(atNanos)) {
            latency.recordValue(Math.max(0, micros));
        }
    }

    /**
     * A user request, answered or failed, ran from {@code startNanos} to {@code endNanos}. It counts as a request
     * of the window when it ended inside it; the part of it inside the window counts towards the time users spent
     * waiting there, wherever it ended.
     */
    public void requestDone(long startNanos, long endNanos) {
        if (plan.inSteadyWindow(endNanos)) {
            requests.increment();
            requestNanos.add(endNanos - startNanos);
        }
        requestNanosInWindow.add(overlap(startNanos, endNanos));
    }

    /** A user paused from {@code startNanos} to {@code endNanos}, to the end or cut short by the deadline. */
    public void paused(long startNanos, long endNanos) {
        thinkNanosInWindow.add(overlap(startNanos, endNanos));
    }

    private long overlap(long startNanos, long endNanos) {
        long from = Math.max(startNanos - plan.steadyStartNanos(), 0);
        long to = Math.min(endNanos - plan.steadyStartNanos(), plan.deadlineNanos() - plan.steadyStartNanos());
        return Math.max(0, to - from);
    }

    public void error(long atNanos, ErrorKind kind) {
        if (plan.inSteadyWindow(atNanos)) {
            errors.record(kind);
        }
    }

    /** A pause that ended at {@code atNanos}: {@code askedNanos} were wanted, {@code takenNanos} passed. */
    public void thought(long atNanos, long askedNanos, long takenNanos) {
        if (plan.inSteadyWindow(atNanos)) {
            thinks.increment();
            thinkAskedNanos.add(askedNanos);
            thinkTakenNanos.add(takenNanos);
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
        Histogram histogram = latency.getIntervalHistogram();
        long count = requests.sum();
        long thinkCount = thinks.sum();
        double seconds = to.minus(from).toNanos() / 1e9;
        return new SteadyWindow(from, to, plan.users(), count, errors.snapshot(), histogram,
                seconds > 0 ? count / seconds : 0,
                count == 0 ? Duration.ZERO : Duration.ofNanos(requestNanos.sum() / count),
                thinkCount == 0 ? Duration.ZERO : Duration.ofNanos(thinkAskedNanos.sum() / thinkCount),
                thinkCount == 0 ? Duration.ZERO : Duration.ofNanos(thinkTakenNanos.sum() / thinkCount),
                thinkCount, missedCycles.sum(), Duration.ofNanos(requestNanosInWindow.sum()),
                Duration.ofNanos(thinkNanosInWindow.sum()));
    }
}

package io.replsim.loadgen.record;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A drop-in for HdrHistogram's {@link Recorder} that gives each platform thread a {@link SingleWriterRecorder} of its
 * own and adds them up when read. An event loop records every answer of its many users: into a shared
 * {@link Recorder} that is six atomic updates per value on counters the other loops write too (its phaser's and its
 * concurrent histogram's), into its own recorder two, on a cache line no other core touches. Virtual threads, one
 * per user, record into one shared {@link Recorder}: a recorder each would be a histogram per user.
 *
 * <p>Adding histograms is exact, so an interval read here holds each value recorded since the previous read once,
 * whichever thread recorded it; a value recorded while the read goes on lands in this interval or the next.
 */
public final class PerThreadRecorder {

    private final int significantDigits;
    private final Recorder shared;
    private final ThreadLocal<Lane> own = new ThreadLocal<>();
    /** Every thread's lane, kept after its thread ended: what it recorded last is still to be read. */
    private final List<Lane> lanes = new CopyOnWriteArrayList<>();
    private Histogram sharedRecycled;

    /** One platform thread's recorder, and the interval histogram it hands back to it on the next read. */
    private static final class Lane {
        final SingleWriterRecorder recorder;
        Histogram recycled;

        Lane(int significantDigits) {
            recorder = new SingleWriterRecorder(significantDigits);
        }
    }

    public PerThreadRecorder(int significantDigits) {
        this.significantDigits = significantDigits;
        this.shared = new Recorder(significantDigits);
    }

    /** Wait-free, as {@link Recorder#recordValue}. */
    public void recordValue(long value) {
        Thread thread = Thread.currentThread();
        if (thread.isVirtual()) {
            shared.recordValue(value);
            return;
        }
        Lane lane = own.get();
        if (lane == null) {
            lane = new Lane(significantDigits);
            lanes.add(lane);
            own.set(lane);
        }
        lane.recorder.recordValue(value);
    }

    /**
     * Every value recorded since the previous call (or since it was made), in {@code into} after it was reset, or in
     * a new histogram when {@code into} is null.
     */
    public synchronized Histogram intervalHistogram(Histogram into) {
        Histogram interval = into != null ? into : new Histogram(significantDigits);
        interval.reset();
        sharedRecycled = shared.getIntervalHistogram(sharedRecycled);
        interval.add(sharedRecycled);
        for (Lane lane : lanes) {
            lane.recycled = lane.recorder.getIntervalHistogram(lane.recycled);
            interval.add(lane.recycled);
        }
        return interval;
    }
}

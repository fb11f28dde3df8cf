package io.replsim.loadgen.record;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * A {@link Recorder} in stripes, each writer (a user, by its index) recording into its own stripe, read as one:
 * an interval's histogram is the sum of every stripe's. One Recorder written by every user costs each record three
 * atomic increments on counters all users share, and the driver's carrier threads (two event loops, or the virtual
 * threads' carriers) then take turns owning those cache lines: 0.5-0.7 µs for two records at full speed, against
 * 0.05-0.1 µs with a recorder each, on this machine (docs/capacity.md, "Benchmarks of the driver"). Users of
 * different stripes never share a counter; two users of one stripe on two threads at once still record correctly,
 * as into one Recorder.
 */
public final class StripedRecorder {

    /** A power of two, above the carriers a driver runs (one per core) so that users on two carriers seldom meet. */
    static final int STRIPES = 16;

    private final Recorder[] stripes = new Recorder[STRIPES];
    private final Histogram[] recycled = new Histogram[STRIPES];
    private final int significantDigits;

    public StripedRecorder(int significantDigits) {
        this.significantDigits = significantDigits;
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Recorder(significantDigits);
        }
    }

    /** Wait-free: {@code value} recorded by the writer numbered {@code writer} (any int; users pass their index). */
    public void recordValue(int writer, long value) {
        stripes[writer & (STRIPES - 1)].recordValue(value);
    }

    /** Every value recorded since the previous call (or the start), as a new histogram. */
    public synchronized Histogram getIntervalHistogram() {
        Histogram interval = new Histogram(significantDigits);
        for (int i = 0; i < STRIPES; i++) {
            recycled[i] = stripes[i].getIntervalHistogram(recycled[i]);
            interval.add(recycled[i]);
        }
        return interval;
    }
}

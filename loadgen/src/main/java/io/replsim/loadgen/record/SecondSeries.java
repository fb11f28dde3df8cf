package io.replsim.loadgen.record;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Requests and errors per wall-clock second, counted by every user at once; O(seconds) memory. */
public final class SecondSeries {

    private record Counts(long second, LongAdder requests, LongAdder errors) {
        Counts(long second) {
            this(second, new LongAdder(), new LongAdder());
        }
    }

    private final ConcurrentHashMap<Long, Counts> seconds = new ConcurrentHashMap<>();
    /**
     * The second counted last, so that most counts skip the map (a boxed key and a lookup per request). Whichever
     * thread wrote it last, it is the map's own entry for its second, so a count through it is never lost.
     */
    private volatile Counts latest;

    public void request(long atMs) {
        at(atMs).requests().increment();
    }

    public void error(long atMs) {
        at(atMs).errors().increment();
    }

    private Counts at(long atMs) {
        long second = Math.floorDiv(atMs, 1000L);
        Counts last = latest;
        if (last != null && last.second() == second) {
            return last;
        }
        Counts counts = seconds.computeIfAbsent(second, Counts::new);
        latest = counts;
        return counts;
    }

    /** Every second from {@code fromMs} to {@code toMs} inclusive, with zeros where nothing happened. */
    public List<Second> between(long fromMs, long toMs) {
        long first = Math.floorDiv(fromMs, 1000L);
        long last = Math.floorDiv(toMs, 1000L);
        for (long second : seconds.keySet()) {
            first = Math.min(first, second);
            last = Math.max(last, second);
        }
        List<Second> series = new ArrayList<>((int) (last - first + 1));
        for (long second = first; second <= last; second++) {
            Counts counts = seconds.get(second);
            series.add(counts == null ? new Second(second, 0, 0)
                    : new Second(second, counts.requests().sum(), counts.errors().sum()));
        }
        return series;
    }
}

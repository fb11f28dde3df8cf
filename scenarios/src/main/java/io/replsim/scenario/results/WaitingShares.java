package io.replsim.scenario.results;

import io.replsim.scenario.report.RunSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The share of a request's response time spent waiting for a worker (entry 6), as the files' {@code scaled:} line
 * works it out: (R − S)/R, R the steady window's mean response time (users over its request rate, no think time), S
 * a request's own time, which the one-worker run gives as R/users. So the one-worker run is the scale and is
 * (users − 1)/users by construction; the others are set beside the source's, their direction being a share below
 * the one-worker one.
 */
public record WaitingShares(Pool single, List<Pool> pools) implements EntryFigure {

    /** A pool size's run and the source's share for it. */
    public record Pool(int workers, Measurement run, double sourceShare) {
    }

    public WaitingShares {
        pools = List.copyOf(pools);
    }

    @Override
    public List<Measurement> measurements() {
        List<Measurement> all = new ArrayList<>(List.of(single.run()));
        pools.forEach(pool -> all.add(pool.run()));
        return all;
    }

    @Override
    public EntryReading read(Map<Measurement, Found> found) {
        if (!(EntryFigure.measured(found, single.run()) instanceof Recorded.Run one)) {
            boolean any = pools.stream().anyMatch(pool -> EntryFigure.measured(found, pool.run()) != null);
            return any ? new EntryReading("no share without the 1-worker run, which gives a request's own time",
                    List.of(), true) : EntryReading.notMeasured();
        }
        double own = responseMs(one.summary()) / one.summary().load().users();
        double singleShare = share(one.summary(), own);
        List<String> words = new ArrayList<>(List.of(shown(single.workers(), singleShare, responseMs(one.summary()))));
        List<Compared> compared = new ArrayList<>();
        for (Pool pool : pools) {
            if (EntryFigure.measured(found, pool.run()) instanceof Recorded.Run run) {
                double share = share(run.summary(), own);
                words.add(shown(pool.workers(), share, responseMs(run.summary())));
                compared.add(new Compared(pool.workers() + " workers", pool.sourceShare(), single.sourceShare(), share,
                        null, null, singleShare));
            } else {
                words.add(pool.workers() + " workers not measured");
            }
        }
        return new EntryReading(String.join("; ", words) + String.format(Locale.ROOT, " (S = %.1f ms)", own),
                compared, true);
    }

    /** The steady window's mean response time by Little's law: users over the request rate, in ms. */
    private static double responseMs(RunSummary summary) {
        double rate = summary.validity() == null ? summary.throughputPerSec() : summary.validity().throughputPerSec();
        return summary.load().users() / rate * 1000;
    }

    private static double share(RunSummary summary, double ownMs) {
        double response = responseMs(summary);
        return (response - ownMs) / response;
    }

    private static String shown(int workers, double share, double responseMs) {
        return String.format(Locale.ROOT, "%d worker%s %.0f%% (R %.1f ms)", workers, workers == 1 ? "" : "s",
                share * 100, responseMs);
    }
}

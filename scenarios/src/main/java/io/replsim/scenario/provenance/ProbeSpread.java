package io.replsim.scenario.provenance;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The machine's speed over the figures of one comparison: the least and the greatest of its runs' or searches'
 * {@link CpuProbe} readings, and the most CPU the hypervisor stole from one of them. They are set side by side as if
 * made on one machine; on a shared host whose speed moves (another tenant, a lower clock) the same cluster spends more
 * CPU per request and sustains fewer users in a slower hour, and the spread says so beside the figures it would bias.
 * Each run counts with the faster of its two readings: a reading is only ever slowed by what else runs at its moment
 * (the previous cluster still stopping, say), so the faster one is nearer the machine's own speed.
 *
 * @param leastMillis the fastest run's reading
 * @param mostMillis  the slowest run's reading
 * @param runs        how many runs had a reading
 * @param mostSteal   the largest share of its CPU time the hypervisor stole during one run; null where none was read
 */
public record ProbeSpread(double leastMillis, double mostMillis, int runs, Double mostSteal) {

    /** Above this ratio of the slowest reading to the fastest the console warns: a search's own interval is 5-10%. */
    public static final double MOVED = 1.2;

    /** The spread over {@code runs}' provenance (null ones left out); null when no run read a probe. */
    public static ProbeSpread of(List<Provenance> runs) {
        List<Double> fastest = runs.stream().filter(Objects::nonNull)
                .map(run -> Stream.of(run.cpuProbeBefore(), run.cpuProbeAfter()).filter(Objects::nonNull)
                        .mapToDouble(CpuProbe::wallMillis).min())
                .filter(reading -> reading.isPresent()).map(reading -> reading.getAsDouble()).toList();
        if (fastest.isEmpty()) {
            return null;
        }
        Double steal = runs.stream().filter(Objects::nonNull).map(Provenance::stealShare).filter(Objects::nonNull)
                .max(Double::compare).orElse(null);
        return new ProbeSpread(fastest.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                fastest.stream().mapToDouble(Double::doubleValue).max().orElseThrow(), fastest.size(), steal);
    }

    /** The slowest reading over the fastest. */
    public double ratio() {
        return mostMillis / leastMillis;
    }

    public boolean moved() {
        return ratio() > MOVED;
    }

    /**
     * {@code machine speed: probe 2.70-5.92 ms over 10 runs (each its faster reading; 2.19x), steal up to 5.6%: the
     * machine's speed moved between the runs ...}.
     */
    public String line() {
        String band = String.format(Locale.ROOT,
                "machine speed: probe %.2f-%.2f ms over %d runs (each its faster reading; %.2fx), steal up to %s",
                leastMillis, mostMillis, runs, ratio(), Provenance.steal(mostSteal));
        return moved() ? band + ": the machine's speed moved between the runs by more than a fifth; a ratio"
                + " taken within a round holds, a figure compared across rounds carries the move"
                : band + ": held";
    }
}

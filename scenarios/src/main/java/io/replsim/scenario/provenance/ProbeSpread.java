package io.replsim.scenario.provenance;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The machine's speed over the figures of one comparison: the least and the greatest {@link CpuProbe} wall time
 * read before and after its runs or searches. They are set side by side as if made on one machine; on a shared host
 * whose speed moves (another tenant, a lower clock) the same cluster spends more CPU per request and sustains fewer
 * users in a slower hour, and a spread of the probe says so beside the figures it would bias.
 *
 * @param leastMillis the fastest reading
 * @param mostMillis  the slowest
 * @param readings    how many probes were read
 */
public record ProbeSpread(double leastMillis, double mostMillis, int readings) {

    /** Above this ratio of the slowest reading to the fastest the console warns: a search's own interval is 5-10%. */
    public static final double MOVED = 1.2;

    /** The spread of the probes that were taken; null when none was. */
    public static ProbeSpread of(List<CpuProbe> probes) {
        List<Double> walls = probes.stream().filter(Objects::nonNull).map(CpuProbe::wallMillis).toList();
        if (walls.isEmpty()) {
            return null;
        }
        return new ProbeSpread(walls.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                walls.stream().mapToDouble(Double::doubleValue).max().orElseThrow(), walls.size());
    }

    /** The slowest reading over the fastest. */
    public double ratio() {
        return mostMillis / leastMillis;
    }

    public boolean moved() {
        return ratio() > MOVED;
    }

    /**
     * {@code machine speed: probe 3.30-5.10 ms over 8 readings (1.55x): the machine's speed moved between the runs
     * ...}.
     */
    public String line() {
        String band = String.format(Locale.ROOT, "machine speed: probe %.2f-%.2f ms over %d readings (%.2fx)",
                leastMillis, mostMillis, readings, ratio());
        return moved() ? band + ": the machine's speed moved between the runs by more than a fifth; a ratio"
                + " taken within a round holds, a figure compared across rounds carries the move"
                : band + ": held";
    }
}

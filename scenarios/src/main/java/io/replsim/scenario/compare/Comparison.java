package io.replsim.scenario.compare;

import io.replsim.scenario.runtime.ClusterStartException;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Plays a {@link ComparisonPlan}: round after round, every scenario once on a fresh cluster, one line each on the
 * console as it ends. A run that breaks is recorded as such and the comparison goes on: the other rounds still
 * give their figures.
 */
public final class Comparison {

    /**
     * Plays one scenario of the plan on a fresh cluster and returns its figures (a run's, or a search's); throws
     * when the run broke.
     */
    @FunctionalInterface
    public interface Player {
        ComparedRun play(ComparisonPlan.Entry entry, int round)
                throws ClusterStartException, IOException, InterruptedException;
    }

    private final Player player;
    private final PrintStream out;

    public Comparison(Player player, PrintStream out) {
        this.player = player;
        this.out = out;
    }

    /** The plan played at one load, read as {@link ComparisonResult}. */
    public ComparisonResult run(ComparisonPlan plan) throws InterruptedException {
        return new ComparisonResult(plan, play(plan));
    }

    /** Every run of the plan, round after round, in the order played. */
    public List<ComparedRun> play(ComparisonPlan plan) throws InterruptedException {
        List<ComparedRun> runs = new ArrayList<>();
        List<ComparisonPlan.Entry> order = plan.order();
        for (int round = 1; round <= plan.rounds(); round++) {
            for (int i = 0; i < order.size(); i++) {
                ComparisonPlan.Entry entry = order.get(i);
                out.printf(Locale.ROOT, "compare: round %d/%d, %d of %d: %s (%s) ...%n", round, plan.rounds(), i + 1,
                        order.size(), entry.name(), entry.file());
                ComparedRun run;
                try {
                    run = player.play(entry, round);
                } catch (ClusterStartException | IOException e) {
                    run = new ComparedRun.Broke(entry.name(), round, e.getMessage());
                }
                runs.add(run);
                out.println("compare: " + line(run));
            }
        }
        return runs;
    }

    private static String line(ComparedRun run) {
        return switch (run) {
            case ComparedRun.Measured(String scenario, int round, RunFigures f, String directory) ->
                    String.format(Locale.ROOT, "round %d %s: %s, node CPU %.3f cores, replication mean %,.0f µs,"
                                    + " p50 %.1f ms, p90 %.1f ms, %.1f req/s (%s)", round, scenario, f.verdict(),
                            f.nodeCpuCores(), f.replicationMeanMicros(), f.p50Ms(), f.p90Ms(), f.requestsPerSec(),
                            directory);
            case ComparedRun.Searched(String scenario, int round, SearchFigures f, String directory) ->
                    String.format(Locale.ROOT, "round %d %s: %s, %,d %s sustained, 95%% interval %,d-%,d (another"
                                    + " search %,d-%,d), binding %s (%s)", round, scenario, f.verdict(),
                            f.usersSustained(), f.unit(), f.low(), f.high(), f.nextLow(), f.nextHigh(),
                            f.bound() ? String.join("+", f.binding()) : "none (a floor)", directory);
            case ComparedRun.Broke(String scenario, int round, String reason) ->
                    String.format(Locale.ROOT, "round %d %s: the run BROKE: %s", round, scenario, reason);
        };
    }
}

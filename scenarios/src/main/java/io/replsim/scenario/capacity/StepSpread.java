package io.replsim.scenario.capacity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How far apart the runs of one load read: the busiest node's CPU over the runs of a search at {@code users}, its
 * lowest and highest (null when not read), for a reader to judge how reproducible a step's verdict is.
 */
public record StepSpread(int users, int runs, Double minBusiestCpu, Double maxBusiestCpu) {

    /** Highest over lowest busiest-node CPU; null when not read or a run read 0. */
    public Double ratio() {
        return minBusiestCpu == null || minBusiestCpu <= 0 ? null : maxBusiestCpu / minBusiestCpu;
    }

    /** One spread per distinct users count, in the order each was first run. */
    public static List<StepSpread> of(List<StepOutcome> steps) {
        Map<Integer, List<Double>> byUsers = new LinkedHashMap<>();
        for (StepOutcome step : steps) {
            byUsers.computeIfAbsent(step.users(), users -> new ArrayList<>())
                    .add(step.measurement().maxCpuUtilization());
        }
        List<StepSpread> spreads = new ArrayList<>();
        byUsers.forEach((users, cpus) -> {
            List<Double> read = cpus.stream().filter(java.util.Objects::nonNull).toList();
            spreads.add(new StepSpread(users, cpus.size(),
                    read.isEmpty() ? null : read.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                    read.isEmpty() ? null : read.stream().mapToDouble(Double::doubleValue).max().orElseThrow()));
        });
        return List.copyOf(spreads);
    }

    /** The spread of {@code users} among {@code spreads}. */
    public static StepSpread at(List<StepSpread> spreads, int users) {
        return spreads.stream().filter(s -> s.users() == users).findFirst().orElseThrow();
    }
}

package io.replsim.scenario.compare;

import io.replsim.scenario.spec.ScenarioSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a comparison plays: an optional baseline (a cluster without replication, say, so each scenario's cost is
 * read above it), the scenarios compared (the first is the reference every ratio is taken against) and how many
 * rounds. Each round plays every scenario once, in this order, so the variants are interleaved (a, b, a, b) and
 * a drift of the machine touches them alike.
 */
public record ComparisonPlan(Optional<Entry> baseline, List<Entry> scenarios, int rounds) {
    public static final int MAX_ROUNDS = 20;

    /**
     * One scenario file, read; {@code name} is the scenario's name (a matrix variant's values), unique within the
     * plan. {@code played}: a matrix variant's own scenario file, to be written where its runs copy it from before
     * it is played; empty when {@code file} is played as it is.
     */
    public record Entry(String name, ScenarioSpec spec, Path file, Optional<String> played) {
        public Entry {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(spec, "spec");
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(played, "played");
        }

        public Entry(String name, ScenarioSpec spec, Path file) {
            this(name, spec, file, Optional.empty());
        }
    }

    public ComparisonPlan {
        Objects.requireNonNull(baseline, "baseline");
        scenarios = List.copyOf(scenarios);
        if (scenarios.isEmpty() || scenarios.size() + (baseline.isPresent() ? 1 : 0) < 2) {
            throw new IllegalArgumentException("a comparison needs two scenarios, or one and a baseline");
        }
        if (rounds < 1 || rounds > MAX_ROUNDS) {
            throw new IllegalArgumentException("rounds must be 1-" + MAX_ROUNDS + ", got " + rounds);
        }
        List<String> names = new ArrayList<>();
        baseline.ifPresent(entry -> names.add(entry.name()));
        scenarios.forEach(entry -> names.add(entry.name()));
        if (names.stream().distinct().count() != names.size()) {
            throw new IllegalArgumentException("each scenario compared needs its own name, got " + names);
        }
    }

    public Entry reference() {
        return scenarios.getFirst();
    }

    /** Every entry in the order a round plays them: the baseline first. */
    public List<Entry> order() {
        List<Entry> order = new ArrayList<>();
        baseline.ifPresent(order::add);
        order.addAll(scenarios);
        return order;
    }
}

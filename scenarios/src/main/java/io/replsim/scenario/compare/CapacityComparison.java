package io.replsim.scenario.compare;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * Every search of a capacity comparison and what they say together: per variant, its users sustained over the
 * rounds, its ratio to the reference's of the same round (the interleaving pairs them, so a drift of the machine
 * touches both) and the limits that bound it. The plan's scenarios are the variants; the first is the reference.
 */
public record CapacityComparison(ComparisonPlan plan, List<ComparedRun> runs) {

    public CapacityComparison {
        if (plan.baseline().isPresent()) {
            throw new IllegalArgumentException("a capacity comparison subtracts no baseline: its reference is the"
                    + " first scenario");
        }
        runs = List.copyOf(runs);
    }

    /**
     * One variant over the rounds. {@code usersSustained}: the band of its answers; {@code ratio}: the band of its
     * answer over the reference's of the same round, null when no round has both (the reference's is 1);
     * {@code interval}: that ratio with its 95% interval ({@link RatioInterval#ofSearches}) and the verdict it
     * gives, null for the reference and where no round has both;
     * {@code binding}: every limit that bound one of its searches, in the order first seen ({@code none} for a
     * search no limit bound, whose answer is a floor: it stopped at its cap, or its failures were
     * outweighed).
     */
    public record Row(String scenario, ComparisonResult.Role role, int searched, Band usersSustained, Band ratio,
                      RatioInterval interval, List<String> binding, List<String> verdicts) {
    }

    public List<Row> rows() {
        return plan.scenarios().stream().map(this::row).toList();
    }

    /** The load's unit, as the searches counted it: users, or arrivals/s for the open model. */
    public String unit() {
        return runs.stream().filter(run -> run instanceof ComparedRun.Searched)
                .map(run -> ((ComparedRun.Searched) run).figures().unit()).findFirst().orElse("users");
    }

    /** Per round in which both searched and the reference sustained some load: the variant's over the reference's. */
    List<Double> ratios(String scenario) {
        List<Double> ratios = new ArrayList<>();
        for (ComparedRun.Searched run : searched(scenario)) {
            figures(plan.reference().name(), run.round()).filter(ref -> ref.usersSustained() > 0)
                    .ifPresent(ref -> ratios.add((double) run.figures().usersSustained() / ref.usersSustained()));
        }
        return ratios;
    }

    private Row row(ComparisonPlan.Entry entry) {
        boolean reference = entry.equals(plan.reference());
        List<ComparedRun.Searched> mine = searched(entry.name());
        LinkedHashSet<String> binding = new LinkedHashSet<>();
        mine.forEach(run -> binding.add(run.figures().bound() ? String.join("+", run.figures().binding()) : "none"));
        RatioInterval interval = reference ? null : RatioInterval.ofSearches(mine.stream()
                .flatMap(run -> figures(plan.reference().name(), run.round())
                        .map(ref -> new RatioInterval.SearchedRound(run.figures(), ref)).stream())
                .toList()).orElse(null);
        return new Row(entry.name(), reference ? ComparisonResult.Role.REFERENCE : ComparisonResult.Role.COMPARED,
                mine.size(), Band.of(mine.stream().map(run -> (double) run.figures().usersSustained()).toList())
                .orElse(null), Band.of(ratios(entry.name())).orElse(null), interval, List.copyOf(binding),
                runs.stream().filter(run -> run.scenario().equals(entry.name())).map(ComparedRun::verdict)
                        .toList());
    }

    public long broken() {
        return runs.stream().filter(run -> run instanceof ComparedRun.Broke).count();
    }

    /** Searches whose verdict is {@code verdict}: VALID, or INVALID (the machine's cores bound the answer). */
    public long withVerdict(String verdict) {
        return runs.stream().filter(run -> run instanceof ComparedRun.Searched searched
                && searched.figures().verdict().equals(verdict)).count();
    }

    /** Searches that sustained no load at all. */
    public long sustainedNone() {
        return runs.stream().filter(run -> run instanceof ComparedRun.Searched searched
                && searched.figures().usersSustained() <= 0).count();
    }

    List<ComparedRun.Searched> searched(String scenario) {
        return runs.stream().filter(run -> run.scenario().equals(scenario))
                .filter(run -> run instanceof ComparedRun.Searched).map(run -> (ComparedRun.Searched) run).toList();
    }

    Optional<SearchFigures> figures(String scenario, int round) {
        return searched(scenario).stream().filter(run -> run.round() == round).map(ComparedRun.Searched::figures)
                .findFirst();
    }
}

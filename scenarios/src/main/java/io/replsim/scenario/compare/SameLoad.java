package io.replsim.scenario.compare;

import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.settings.Labelled;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Whether two scenarios put the same load on the same cluster. A node's CPU is compared at one request rate: a
 * scenario with more users, another think time or fewer nodes would differ for that alone, whatever its
 * replication. What the comparison is about (replication, the workload's session shape, the stack) may differ.
 */
public final class SameLoad {

    private record Setting(String path, Function<ScenarioSpec, Object> value) {
    }

    /**
     * What may differ between the variants of a capacity comparison: the users, which each search sets for itself
     * step by step, and the cluster searched, its size and its nodes' budget (users sustained at 1, 2 and 3 nodes
     * are what replsim size fits). What one user asks of the cluster may not.
     */
    private static final Set<String> SEARCHED = Set.of("load.users", "cluster.nodes", "cluster.cpuBudget");

    private static final List<Setting> SETTINGS = List.of(
            new Setting("cluster.nodes", spec -> spec.cluster().nodes()),
            new Setting("cluster.cpuBudget", spec -> spec.cluster().cpuBudgetCores()),
            new Setting("load.users", spec -> spec.load().users()),
            new Setting("load.thinkTime", spec -> spec.load().thinkTime()),
            new Setting("load.thinkDistribution", spec -> spec.load().thinkDistribution()),
            new Setting("load.thinkMode", spec -> spec.load().profile().thinkMode()),
            new Setting("load.warmUp", spec -> spec.load().warmUp()),
            new Setting("load.duration", spec -> spec.load().duration()),
            new Setting("load.open", spec -> spec.load().open().orElse(null)),
            new Setting("load.script", spec -> spec.load().script()));

    /**
     * What carries the users: not the load, so it may differ, but a capacity comparison's users sustained then
     * compare the drivers as well (the driver shares the machine with the nodes; docs/capacity.md, "User runtimes").
     */
    private static final List<Setting> DRIVER = List.of(
            new Setting("load.runtime", spec -> spec.load().profile().runtime()));

    private SameLoad() {
    }

    /**
     * Every setting that decides the request rate and differs between {@code reference} (read from
     * {@code referenceFile}) and {@code other}, one line each with both values; empty when they put the same load.
     */
    public static List<String> differences(String referenceFile, ScenarioSpec reference, String otherFile,
                                           ScenarioSpec other) {
        return differences(SETTINGS, referenceFile, reference, otherFile, other);
    }

    /**
     * Every setting of the driver itself that differs between {@code reference} and {@code other}, one line each with
     * both values: allowed, and said beside the figures, since they then compare the drivers too.
     */
    public static List<String> driverDifferences(String referenceFile, ScenarioSpec reference, String otherFile,
                                                 ScenarioSpec other) {
        return differences(DRIVER, referenceFile, reference, otherFile, other);
    }

    /**
     * Every driver setting in which a scenario of {@code plan} (the baseline too) differs from the reference, named as
     * compare.json names them: by scenario, not by file, since a matrix's variants share one.
     */
    public static List<String> driverDifferences(ComparisonPlan plan) {
        ComparisonPlan.Entry reference = plan.reference();
        List<String> differences = new ArrayList<>();
        for (ComparisonPlan.Entry entry : plan.order()) {
            if (entry != reference) {
                differences.addAll(differences(DRIVER, reference.name(), reference.spec(), entry.name(),
                        entry.spec()));
            }
        }
        return differences;
    }

    /**
     * As {@link #differences} for a capacity comparison, whose searches each set their own users, on clusters that
     * may differ in size and budget: every other setting decides how much load a user puts on the cluster, so it
     * must be the same.
     */
    public static List<String> searchedDifferences(String referenceFile, ScenarioSpec reference, String otherFile,
                                                   ScenarioSpec other) {
        return differences(searched(), referenceFile, reference, otherFile, other);
    }

    private static List<Setting> searched() {
        return SETTINGS.stream().filter(setting -> !SEARCHED.contains(setting.path())).toList();
    }

    private static List<String> differences(List<Setting> settings, String referenceFile, ScenarioSpec reference,
                                            String otherFile, ScenarioSpec other) {
        List<String> differences = new ArrayList<>();
        for (Setting setting : settings) {
            Object mine = setting.value().apply(reference);
            Object theirs = setting.value().apply(other);
            if (!Objects.equals(mine, theirs)) {
                differences.add(setting.path() + ": " + shown(mine) + " in " + referenceFile + ", " + shown(theirs)
                        + " in " + otherFile);
            }
        }
        return differences;
    }

    private static String shown(Object value) {
        return switch (value) {
            case null -> "none";
            case Duration duration -> duration.toMillis() + "ms";
            case Labelled labelled -> labelled.label();
            default -> value.toString();
        };
    }

    /** The settings compared, by their field path: for the help text and the docs. */
    public static List<String> paths() {
        return SETTINGS.stream().map(Setting::path).toList();
    }

    /** The settings a capacity comparison compares, by their field path. */
    public static List<String> searchedPaths() {
        return searched().stream().map(Setting::path).toList();
    }
}

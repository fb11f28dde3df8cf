package io.replsim.scenario.spec;

import io.replsim.replication.ReplicationSpec;
import java.util.List;
import java.util.Objects;

/**
 * A whole scenario as data: which cluster to start, how it replicates, what load to drive, which faults to inject
 * and what outcome to check. Loaded and validated by {@link ScenarioLoader}; carried out by the runner.
 *
 * @param name        letters, digits, '-' and '_': it names the run directory
 * @param description free text for the report; empty when the file has none
 * @param capacity    what {@code replsim capacity} searches for unless its flags say otherwise
 */
public record ScenarioSpec(String name, String description, ClusterSpec cluster, ReplicationSpec replication,
                           WorkloadSpec workload, LoadSpec load, List<FaultSpec> faults, List<Check> checks,
                           CapacitySettings capacity) {

    public ScenarioSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(replication, "replication");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(load, "load");
        faults = List.copyOf(faults);
        checks = List.copyOf(checks);
        Objects.requireNonNull(capacity, "capacity");
    }

    /** A scenario whose capacity search takes the defaults. */
    public ScenarioSpec(String name, String description, ClusterSpec cluster, ReplicationSpec replication,
                        WorkloadSpec workload, LoadSpec load, List<FaultSpec> faults, List<Check> checks) {
        this(name, description, cluster, replication, workload, load, faults, checks, CapacitySettings.DEFAULT);
    }
}

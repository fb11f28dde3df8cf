package io.replsim.scenario.spec;

import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.replication.ReplicationSpec;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A whole scenario as data: which cluster to start, how it replicates, what load to drive, which faults to inject
 * and what outcome to check. Loaded and validated by {@link ScenarioLoader}; carried out by the runner.
 *
 * @param name        letters, digits, '-' and '_': it names the run directory
 * @param description free text for the report; empty when the file has none
 * @param capacity     what {@code replsim capacity} searches for unless its flags say otherwise
 * @param expectations the faults' own {@code expect:} maps, each by its fault's place in {@code faults}
 * @param repeat       how many times {@code run} plays the scenario, each on a fresh cluster (1: once)
 * @param tomcat       present exactly when {@code cluster.runtime} is tomcat: the Tomcat cluster's manager and
 *                     replication
 */
public record ScenarioSpec(String name, String description, ClusterSpec cluster, ReplicationSpec replication,
                           WorkloadSpec workload, LoadSpec load, List<FaultSpec> faults, List<Check> checks,
                           CapacitySettings capacity, List<FaultExpectation.OfFault> expectations, int repeat,
                           Optional<TomcatSpec> tomcat) {

    /** The same scenario on {@code other}: a command-line switch that changes how the cluster runs. */
    public ScenarioSpec withCluster(ClusterSpec other) {
        return new ScenarioSpec(name, description, other, replication, workload, load, faults, checks, capacity,
                expectations, repeat, tomcat);
    }

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
        expectations = List.copyOf(expectations);
        Objects.requireNonNull(tomcat, "tomcat");
        if (tomcat.isPresent() != (cluster.runtime() == RuntimeKind.TOMCAT)) {
            throw new IllegalArgumentException("a tomcat section goes with cluster.runtime tomcat and only with it");
        }
        if (repeat < 1) {
            throw new IllegalArgumentException("a scenario is played at least once, got repeat " + repeat);
        }
    }

    /**
     * What the driver must know of the nodes to judge every answer: the workload's session shapes and how long the
     * nodes keep an idle session.
     */
    public SessionShapes sessionShapes() {
        return workload.sessionShapes().withMaxInactiveInterval(replication.lifecycle().maxInactiveInterval());
    }

    /** What the fault at {@code fault} in {@code faults} expects; empty when it states nothing. */
    public List<FaultExpectation> expectationsOf(int fault) {
        return expectations.stream().filter(of -> of.fault() == fault)
                .flatMap(of -> of.expect().stream()).toList();
    }
}

package io.replsim.scenario.report;

import io.replsim.node.app.ServiceTime;
import io.replsim.replication.EngineKind;
import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.StackTuning;
import io.replsim.scenario.spec.ScenarioSpec;

/** summary.json's {@code cluster} and the console's cluster line: the scenario's cluster as it was started. */
final class ClusterFigures {

    private ClusterFigures() {
    }

    /** Null when the nodes were not read (a cluster replsim does not run): its settings are not replsim's to say. */
    static RunSummary.Cluster of(ScenarioSpec spec, ClusterReadings readings) {
        if (!readings.measured()) {
            return null;
        }
        var cluster = spec.cluster();
        var replication = spec.replication();
        return new RunSummary.Cluster(cluster.nodes(), cluster.workers(), cluster.cpuBudgetCores(),
                cluster.heap().toString(), replication.placement().label(), replication.granularity().label(),
                replication.delivery().label(), replication.syncTimeout().toMillis(),
                spec.workload().payload().toString(), readings.startMs(), replication.engine().label(),
                hasGravitation(spec) ? null : RunSummary.Cluster.NO_GRAVITATION_ON_INFINISPAN,
                readings.cpuBudget().enforced(), readings.cpuBudget().detail(), replication.trigger().label(),
                serviceTime(spec.workload().serviceTime()), stack(cluster.stack()));
    }

    /** Only replsim's own engine moves a session to the node that serves it; Infinispan reads it remotely. */
    static boolean hasGravitation(ScenarioSpec spec) {
        return spec.replication().engine() != EngineKind.INFINISPAN;
    }

    private static String serviceTime(ServiceTime serviceTime) {
        return serviceTime.isNone() ? "none" : "cpu " + serviceTime.cpu().toMillis() + "ms, wait "
                + serviceTime.waitTime().toMillis() + "ms";
    }

    /** The preset's name, or what a scenario set: the values that decide when a dead member is noticed. */
    private static String stack(StackTuning tuning) {
        return StackPreset.matching(tuning).map(StackPreset::label)
                .orElseGet(() -> "custom: " + tuning.transport() + ", FD_ALL3 timeout "
                        + tuning.failureDetection().heartbeatTimeout().toMillis() + "ms interval "
                        + tuning.failureDetection().heartbeatInterval().toMillis() + "ms, VERIFY_SUSPECT2 "
                        + tuning.failureDetection().verifySuspectTimeout().toMillis() + "ms"
                        + (tuning.failureDetection().closedPortConfirms() ? " or a closed port" : "") + ", FD_SOCK2 "
                        + (tuning.failureDetection().socketMonitor() ? "on" : "off"));
    }
}

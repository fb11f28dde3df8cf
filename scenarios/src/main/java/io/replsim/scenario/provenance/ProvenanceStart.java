package io.replsim.scenario.provenance;

import java.util.List;

/**
 * What a figure's {@link Provenance} reads once when its run begins (the build, the driver's JDK, the machine, its
 * load average, its {@link CpuProbe} and its CPU times before, the scenarios as read); {@link #end} reads the
 * machine again when the run has ended.
 */
public record ProvenanceStart(ReplsimBuild replsim, Jdk driverJdk, int cores, long memoryBytes,
                              Double loadAverageBefore, CpuProbe cpuProbeBefore, CpuTimes cpuTimesBefore,
                              List<ScenarioHash> scenarios, Machine machine) {

    public ProvenanceStart {
        scenarios = List.copyOf(scenarios);
    }

    /** Read now, of this jar, this JVM and this machine. */
    public static ProvenanceStart read(List<ScenarioHash> scenarios) {
        return read(ReplsimBuild.ofThisJar(), Machine.THIS_MACHINE, scenarios);
    }

    /** Read now of {@code machine}. */
    public static ProvenanceStart read(ReplsimBuild replsim, Machine machine, List<ScenarioHash> scenarios) {
        return new ProvenanceStart(replsim, Jdk.thisJvm(), machine.cores(), machine.memoryBytes(),
                machine.loadAverage(), machine.cpuProbe(), machine.cpuTimes(), scenarios, machine);
    }

    /** The provenance of what ran on {@code nodes}, its load average, probe and steal after read now. */
    public Provenance end(NodesRuntime nodes) {
        Double loadAverageAfter = machine.loadAverage();
        CpuTimes cpuTimesAfter = machine.cpuTimes();
        return new Provenance(replsim, driverJdk, nodes.runtime(), nodes.jdk(), cores, memoryBytes,
                loadAverageBefore, loadAverageAfter, cpuProbeBefore, machine.cpuProbe(),
                CpuTimes.stealShare(cpuTimesBefore, cpuTimesAfter), scenarios);
    }
}

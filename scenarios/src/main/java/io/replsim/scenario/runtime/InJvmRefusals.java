package io.replsim.scenario.runtime;

import io.replsim.scenario.spec.Check;
import io.replsim.scenario.spec.FaultExpectation;
import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.PauseSpec;
import io.replsim.scenario.spec.ResumeSpec;
import io.replsim.scenario.spec.ScenarioSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * What a scenario asks that nodes sharing one JVM cannot do, found before anything starts so that a run never
 * half-plays: a pause (there is no process to SIGSTOP, and freezing a node's threads is not what a stopped process
 * is), a forced full GC (it would collect every node and the driver at once) and a bound on the survivors' CPU (a
 * node's CPU figure is the whole JVM's). Each refusal names the entry's place in the file and what to do.
 */
public final class InJvmRefusals {

    static final String PAUSE = "a pause freezes a node process with SIGSTOP, and in-jvm nodes are no processes";

    private static final String PROCESSES = "or run it on node processes (cluster.runtime: process)";

    private InJvmRefusals() {
    }

    /** Every refusal, in the order of the file; empty when the scenario can be played in this JVM. */
    public static List<SpecRefusal> of(ScenarioSpec spec) {
        List<SpecRefusal> refusals = new ArrayList<>();
        spec.cluster().fullGcEvery().ifPresent(every -> refusals.add(new SpecRefusal("cluster.fullGcEvery",
                "a forced full GC of an in-jvm node collects this whole JVM, every node and the load driver at once",
                "remove cluster.fullGcEvery, " + PROCESSES)));
        for (int index = 0; index < spec.faults().size(); index++) {
            FaultSpec fault = spec.faults().get(index);
            String type = "faults[" + index + "].type";
            if (fault instanceof PauseSpec) {
                refusals.add(new SpecRefusal(type, PAUSE, "remove it, " + PROCESSES));
            } else if (fault instanceof ResumeSpec) {
                refusals.add(new SpecRefusal(type, "a resume lets a paused node process run again, and no pause can"
                        + " run in this JVM", "remove it, " + PROCESSES));
            }
            for (FaultExpectation expectation : spec.expectationsOf(index)) {
                if (expectation instanceof FaultExpectation.Bound bound && bound.check() instanceof Check.MaxSurvivorCpu) {
                    refusals.add(survivorCpu("faults[" + index + "].expect.maxSurvivorCpu"));
                }
            }
        }
        for (Check check : spec.checks()) {
            if (check instanceof Check.MaxSurvivorCpu) {
                refusals.add(survivorCpu("checks.maxSurvivorCpu"));
            }
        }
        return List.copyOf(refusals);
    }

    private static SpecRefusal survivorCpu(String path) {
        return new SpecRefusal(path, "an in-jvm node's CPU figure is this whole JVM's (every node and the load driver),"
                + " not the survivor's own", "remove it, " + PROCESSES);
    }
}

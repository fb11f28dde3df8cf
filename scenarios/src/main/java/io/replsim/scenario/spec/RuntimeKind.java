package io.replsim.scenario.spec;

import io.replsim.loadgen.label.EnumLabels;

/** Where the nodes run: as JVM processes on this machine's loopback, or one Docker container each. */
public enum RuntimeKind {
    PROCESS,
    /** One container per node on a network made for the run, its CPU budget enforced as a quota. */
    DOCKER;

    /** The name used in scenario files. */
    public String label() {
        return EnumLabels.of(this);
    }

    public static RuntimeKind parse(String text) {
        return EnumLabels.parse(RuntimeKind.class, text, "runtime");
    }
}

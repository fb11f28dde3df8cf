package io.replsim.scenario.report;

import java.util.function.Function;

/**
 * When a node figure is null in summary.json (not measured, never 0) and what a reader is told instead of a value.
 */
public enum NotMeasured {
    /** Every node that answered says it: never null. */
    NEVER("-"),
    /** Null when the node did not say it (a JVM without per-thread CPU time) or too few readings fell in the window. */
    WHEN_NOT_READ("not measured"),
    /** Null on an engine without data gravitation (infinispan reads a session from its owners instead). */
    WITHOUT_GRAVITATION("not applicable");

    private final String instead;

    NotMeasured(String instead) {
        this.instead = instead;
    }

    /** What a page writes where the value is null. */
    public String instead() {
        return instead;
    }

    /** The value of {@code figure} for {@code node}, or null where this rule says it is not measured. */
    <V> V valueOf(NodeFigure<V> figure, Function<MeasuredNode, V> source, MeasuredNode node) {
        if (this == WITHOUT_GRAVITATION && !node.engineHasGravitation()) {
            return null;
        }
        V value = source.apply(node);
        if (value == null && this == NEVER) {
            throw new IllegalStateException("node figure " + figure.key() + " of " + node.name() + " is null, and is"
                    + " declared as always measured: declare when it is not measured (NotMeasured)");
        }
        return value;
    }
}

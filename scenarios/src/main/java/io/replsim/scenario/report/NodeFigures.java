package io.replsim.scenario.report;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One node's figures over the load, summary.json's {@code nodes[i]}: a value for each {@link NodeFigure} (null where
 * its rule says not measured), written as an object with a field per figure in the order they are declared.
 */
public final class NodeFigures {
    /**
     * The JIT's share of a node's CPU above which that CPU is a warm-up's: settled nodes read 1-5% (their
     * compiler still recompiles now and then), nodes in their first minutes 15-40% (docs/replication.md, "What
     * an update costs").
     */
    public static final double UNSETTLED_COMPILER_SHARE = 0.10;

    private final Map<NodeFigure<?>, Object> values;

    private NodeFigures(Map<NodeFigure<?>, Object> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    /** Every declared figure of {@code node}. */
    public static NodeFigures of(MeasuredNode node) {
        Map<NodeFigure<?>, Object> values = new LinkedHashMap<>();
        for (NodeFigure<?> figure : NodeFigure.ALL) {
            values.put(figure, figure.valueOf(node));
        }
        return new NodeFigures(values);
    }

    /**
     * A node's figures as summary.json holds them ({@code replsim report} reads a run's back): each declared
     * figure's value by its key, as its declared type; a key the file lacks (a run from before the figure was
     * declared) is null, not measured.
     *
     * @throws IllegalArgumentException naming the key whose value is not of its figure's type
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static NodeFigures read(Map<String, Object> byKey) {
        Map<NodeFigure<?>, Object> values = new LinkedHashMap<>();
        for (NodeFigure<?> figure : NodeFigure.ALL) {
            values.put(figure, asDeclared(figure, byKey.get(figure.key())));
        }
        return new NodeFigures(values);
    }

    /** JSON numbers come back as the narrowest type that holds them; each figure's type is declared. */
    private static Object asDeclared(NodeFigure<?> figure, Object value) {
        Class<?> type = figure.type();
        if (value == null || type.isInstance(value)) {
            return value;
        }
        if (value instanceof Number number) {
            if (type == Long.class) {
                return number.longValue();
            }
            if (type == Double.class) {
                return number.doubleValue();
            }
            if (type == Integer.class) {
                return number.intValue();
            }
        }
        throw new IllegalArgumentException("nodes[]." + figure.key() + " is " + value + ", not a "
                + type.getSimpleName().toLowerCase(Locale.ROOT));
    }

    /** The value of {@code figure}; null when not measured. */
    public <V> V get(NodeFigure<V> figure) {
        return figure.type().cast(values.get(figure));
    }

    public String name() {
        return get(NodeFigure.NAME);
    }

    /** False for a node that ended (by a fault, or unasked: the run's checks say which). */
    public boolean alive() {
        return get(NodeFigure.ALIVE);
    }

    /** Whether the node's JIT took more than {@link #UNSETTLED_COMPILER_SHARE} of its CPU: still warming up. */
    public boolean compilerUnsettled() {
        Double share = get(NodeFigure.CPU_COMPILER_SHARE);
        return share != null && share > UNSETTLED_COMPILER_SHARE;
    }

    /** summary.json's object: each figure's key and value, in declaration order. */
    @JsonValue
    Map<String, Object> byKey() {
        Map<String, Object> byKey = new LinkedHashMap<>();
        values.forEach((figure, value) -> byKey.put(figure.key(), value));
        return byKey;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof NodeFigures figures && figures.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return byKey().toString();
    }
}

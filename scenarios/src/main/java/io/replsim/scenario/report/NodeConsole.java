package io.replsim.scenario.report;

/**
 * Where a node figure shows on the console's summary, which gives each node two lines: a place on one of them
 * ({@link At}: the line, 1 or 2, and its column there, the fragments of a line printed by column), a warning line
 * of its own after them, inside another figure's fragment, or nowhere (summary.json and report.html only).
 */
public sealed interface NodeConsole<V> {

    /** What a figure adds to its node's line: empty to add nothing (a figure shown only when it is not zero). */
    @FunctionalInterface
    interface Fragment<V> {
        String text(V value, NodeFigures node, RunSummary summary);
    }

    /** The figure's fragment at {@code column} of the node's line {@code line} (1 or 2). */
    record At<V>(int line, int column, Fragment<V> fragment) implements NodeConsole<V> {
        public At {
            if (line < 1 || line > 2 || column < 1) {
                throw new IllegalArgumentException("a node has console lines 1 and 2, columns from 1: line " + line
                        + ", column " + column);
            }
        }
    }

    /** A line {@code warning   <text>} after the node's two lines, when the text is not empty. */
    record Warning<V>(Fragment<V> fragment) implements NodeConsole<V> {
    }

    /** Printed inside the fragment of the figure whose summary key is {@code key}. */
    record With<V>(String key) implements NodeConsole<V> {
    }

    /** Not on the console. */
    record Off<V>() implements NodeConsole<V> {
    }
}

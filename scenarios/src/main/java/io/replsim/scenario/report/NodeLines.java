package io.replsim.scenario.report;

import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * A node's lines in the console's summary, made from the {@link NodeFigure} declarations: line 1 and line 2 each
 * the fragments placed on it, by column, then a warning line for each figure that warns.
 */
final class NodeLines {
    /** Line 2 starts under line 1's CPU figure. */
    private static final String SECOND_LINE_INDENT = " ".repeat(18);

    private NodeLines() {
    }

    static void print(NodeFigures node, RunSummary summary, Consumer<String> line) {
        line.accept(line(1, node, summary));
        line.accept(SECOND_LINE_INDENT + line(2, node, summary));
        for (NodeFigure<?> figure : NodeFigure.ALL) {
            if (figure.console() instanceof NodeConsole.Warning<?>) {
                String warning = text(figure, node, summary);
                if (!warning.isEmpty()) {
                    line.accept("warning   " + warning);
                }
            }
        }
    }

    private static String line(int number, NodeFigures node, RunSummary summary) {
        StringBuilder line = new StringBuilder();
        NodeFigure.ALL.stream()
                .filter(figure -> figure.console() instanceof NodeConsole.At<?> at && at.line() == number)
                .sorted(Comparator.comparingInt(figure -> ((NodeConsole.At<?>) figure.console()).column()))
                .forEach(figure -> line.append(text(figure, node, summary)));
        return line.toString();
    }

    private static <V> String text(NodeFigure<V> figure, NodeFigures node, RunSummary summary) {
        NodeConsole.Fragment<V> fragment = switch (figure.console()) {
            case NodeConsole.At<V> at -> at.fragment();
            case NodeConsole.Warning<V> warning -> warning.fragment();
            case NodeConsole.With<V> with -> (value, n, s) -> "";
            case NodeConsole.Off<V> off -> (value, n, s) -> "";
        };
        return fragment.text(node.get(figure), node, summary);
    }

    /** By the last fault that ended the node; a node no fault ended ended unasked (its check names how). */
    static String howItEnded(NodeFigures node, List<FaultReport> faults) {
        return faults.stream().filter(fault -> fault.nodes().contains(node.name()))
                .map(fault -> switch (fault.type()) {
                    case "kill", "double-kill" -> "(killed)";
                    case "stop" -> "(stopped)";
                    default -> "";
                })
                .filter(label -> !label.isEmpty()).reduce((first, last) -> last).orElse("(ended unasked)");
    }

    /** The measured bytes of one session copy on the node, or nothing when it held none. */
    static String perCopy(long heldBytes, NodeFigures node) {
        long copies = node.get(NodeFigure.SESSIONS_OWNED) + node.get(NodeFigure.SESSIONS_BACKUP);
        return copies == 0 ? "" : " (" + FigureUnit.bytes(heldBytes / copies) + " a copy)";
    }
}

package io.replsim.scenario.report;

import io.replsim.scenario.report.chart.HtmlText;
import java.util.List;

/**
 * report.html's node table, made from the {@link NodeFigure} declarations: a row per figure (what it is and its
 * summary.json key), a column per node with the value in its unit; where a figure is not measured its rule says so
 * instead.
 */
final class NodeTable {

    private NodeTable() {
    }

    /** Nothing when the nodes were not read (a cluster replsim does not run). */
    static String html(List<NodeFigures> nodes) {
        if (nodes == null || nodes.isEmpty()) {
            return "";
        }
        StringBuilder html = new StringBuilder("<h2>Nodes</h2>\n<table><tr><th>figure</th><th>summary.json</th>");
        nodes.forEach(node -> html.append("<th>").append(HtmlText.escape(node.name())).append("</th>"));
        html.append("</tr>\n");
        for (NodeFigure<?> figure : NodeFigure.ALL) {
            if (figure == NodeFigure.NAME) {
                continue;
            }
            html.append("<tr><td>").append(HtmlText.escape(figure.label())).append("</td><td>")
                    .append(figure.key()).append("</td>");
            for (NodeFigures node : nodes) {
                Object value = node.get(figure);
                html.append("<td>").append(HtmlText.escape(value == null ? figure.notMeasured().instead()
                        : figure.unit().write(value))).append("</td>");
            }
            html.append("</tr>\n");
        }
        return html.append("</table>\n").toString();
    }
}
